// The four board editors. Each edits the position document (scorer-position/1) in place:
// `tools` lists what a tap can put on a cell, `tap` applies the chosen tool to the tapped cell,
// `details` lists the fields that are not on a cell (cards, money, tracks). The pictures come
// from the server; nothing here draws a board.

import { citrus } from "./editors/citrus.js";
import { hacienda } from "./editors/hacienda.js";
import { harmonies } from "./editors/harmonies.js";
import { kuhfstein } from "./editors/kuhfstein.js";

export const EDITORS = { harmonies, hacienda, citrus, kuhfstein };
