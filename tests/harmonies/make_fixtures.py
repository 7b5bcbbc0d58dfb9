"""Regenerate fixtures/harmonies/ and its cases.json: python -m tests.harmonies.make_fixtures

Valid games come from the simulator (fixed seeds, checked to verify with status ok); invalid
ones are single edits of the spec samples, scripted games or those valid games.
"""

from __future__ import annotations

import copy
import json
import pathlib

from scorer.games.harmonies.simulate import features
from scorer.referee.pipeline import verify_document
from tests.harmonies.helpers import Script, card, position, put, sample, take
from tests.harmonies.test_events import BBG, _solo_steps, solo_game
from tests.harmonies.test_option_fixtures import EXERCISES
from tests.roles import roles_of

GAME = roles_of("harmonies")


root = pathlib.Path(__file__).resolve().parents[2] / "fixtures" / "harmonies"
cases = []


def write(name, doc, description, expect, raw=None):
    path = root / name
    if raw is not None:
        path.write_bytes(raw)
    else:
        path.write_text(json.dumps(doc, indent=1) + "\n")
    cases.append({"file": name, "description": description, "expect": expect})


def sim(players, seed, options, wanted=frozenset(), check=None):
    """The first simulated game from ``seed`` on whose features include ``wanted`` (and that
    passes ``check(result)``): an option fixture must exercise its option."""
    for k in range(seed, seed + 500):
        rec = GAME.moves.simulate(players, k, options)
        res = verify_document(rec)
        assert res.status == "ok", res.findings
        if wanted <= features(rec, res.state) and (check is None or check(res)):
            return rec, {p.name: p.total for p in res.scores.players}
    raise AssertionError(f"no game from seed {seed} has {sorted(wanted)}")


# valid games
for name, players, seed, opts, desc in [
    (
        "valid/2p-side-a.json",
        2,
        101,
        {"board_side": "A", "nature_spirits": False},
        "2 players, side A (river), no spirits",
    ),
    (
        "valid/3p-side-b.json",
        3,
        102,
        {"board_side": "B", "nature_spirits": False},
        "3 players, side B (islands)",
    ),
    (
        "valid/4p-spirits.json",
        4,
        103,
        {"board_side": "A", "nature_spirits": True},
        "4 players with Nature's Spirit cards",
    ),
    (
        "valid/4p-side-b-spirits-limited-cubes.json",
        4,
        104,
        {
            "board_side": "B",
            "nature_spirits": True,
            "animal_cube_supply": 30,
            "tiebreak_counts_spirit_cube": True,
            "cards": "eager",
        },
        "4 players, side B, spirits, 30-cube reserve (runs short), spirit cube in tie-break",
    ),
    (
        "valid/solo.json",
        1,
        105,
        {"board_side": "A", "nature_spirits": True},
        "solo with spirits; claimed suns",
    ),
    (
        "valid/solo-side-b.json",
        1,
        106,
        {"board_side": "B", "nature_spirits": False},
        "solo, side B, no spirits; claimed suns",
    ),
    (
        "valid/greedy-1p.json",
        1,
        201,
        {"policy": "greedy"},
        "greedy policy, solo",
    ),
    (
        "valid/greedy-2p.json",
        2,
        202,
        {"policy": "greedy"},
        "greedy policy, 2 players",
    ),
    (
        "valid/greedy-3p.json",
        3,
        203,
        {"policy": "greedy"},
        "greedy policy, 3 players",
    ),
    (
        "valid/greedy-4p.json",
        4,
        204,
        {"policy": "greedy"},
        "greedy policy, 4 players",
    ),
    (
        "valid/greedy-4p-pouch-empty.json",
        4,
        205,
        {"policy": "greedy", "end": "pouch"},
        "greedy policy, 4 players stacking until the pouch runs dry (HAR-END-1)",
    ),
    (
        "valid/greedy-solo-pouch-end-rule.json",
        1,
        206,
        {"policy": "greedy", "end": "pouch", "solo_last_refill": "end"},
        "greedy policy, solo, solo_last_refill end: the pouch trigger after turn 13",
    ),
]:
    rec, scores = sim(players, seed, opts, *EXERCISES.get(name, (frozenset(), None)))
    write(name, rec, desc + f" ({len(rec['moves'])} turns)", {"status": "ok", "scores": scores})
    if name == "valid/2p-side-a.json":
        base2 = rec
    if name == "valid/solo.json":
        base1 = rec
    if name == "valid/4p-spirits.json":
        base4 = rec

s = solo_game()
s.play(*_solo_steps(13, BBG), refill={})
rec = s.record
rec["claimed"] = {"scores": {"Ann": 98}, "suns": {"Ann": 6}}
write(
    "valid/solo-pouch-trigger-14-turns.json",
    rec,
    "solo game that empties the pouch: 13th refill fills space 1 only, the game ends after "
    "turn 14 (HAR-END-1)",
    {"status": "ok", "scores": {"Ann": 98}},
)

write(
    "valid/position-12-5.json",
    position(),
    "sample position of 12.5: possible, Ann 16, Ben 29",
    {"status": "ok", "scores": {"Ann": 16, "Ben": 29}},
)
doc = position()
doc["boards"]["Ben"]["cells"] = [c for c in doc["boards"]["Ben"]["cells"] if c["cell"] != [3, 0]]
write(
    "valid/position-missing-token-warning.json",
    doc,
    "E13: Ben's blue left out: one HAR-POS-13 warning, still scored",
    {"status": "ok", "scores": {"Ann": 16, "Ben": 29}},
)

# incomplete
write(
    "invalid/sample-11-7-incomplete.json",
    sample(),
    "sample record of 11.7: legal but stops after 3 turns (REC-END-2); claims match the "
    "provisional scores Ann 7, Ben 0",
    {
        "status": "incomplete",
        "rule": "REC-END-2",
        "pointer": "/moves",
        "scores": {"Ann": 7, "Ben": 0},
    },
)
rec = copy.deepcopy(base2)
rec["moves"] = rec["moves"][:-4]
rec.pop("claimed")
write(
    "invalid/truncated-game.json",
    rec,
    "a complete game without its last 4 turns: REC-END-2",
    {"status": "incomplete", "rule": "REC-END-2", "pointer": "/moves"},
)

# illegal: one per family
doc = sample()
doc["moves"][1]["steps"] = [
    {"do": "choose_spirit", "card": "ram_spirit"},
    take(3),
    put("gray", 0, 0),
    put("gray", 0, 0),
    put("red", 0, 0),
]
write(
    "invalid/stack-red-on-two.json",
    doc,
    "E11: red onto a 2-token stack",
    {"status": "illegal", "rule": "HAR-STACK-5", "pointer": "/moves/1/steps/4/cell"},
)
doc = sample()
doc["moves"][1]["steps"][1] = take(6)
write(
    "invalid/take-space-6.json",
    doc,
    "take tokens from a space that does not exist",
    {"status": "illegal", "rule": "HAR-TAKE-1", "pointer": "/moves/1/steps/1/space"},
)
doc = sample()
doc["moves"][0]["steps"][1]["tokens"] = ["brown", "green", "green"]
write(
    "invalid/take-wrong-colours.json",
    doc,
    "listed taken colours differ from the space",
    {"status": "illegal", "rule": "HAR-TAKE-3", "pointer": "/moves/0/steps/1/tokens"},
)
st = Script()
for _ in range(4):
    st.play(*st.auto(card(st.state.display[0])))
    st.play(*st.auto())
write(
    "invalid/card-limit.json",
    st.with_turn(*st.auto(card(st.state.display[0]))),
    "a fifth incomplete Animal card",
    {"status": "illegal", "rule": "HAR-CARD-3", "pointer": "/moves/8/steps/4"},
)
doc = sample()
doc["moves"][2]["steps"][2] = {"do": "place_cube", "card": "koala", "cell": [2, 1]}
write(
    "invalid/cube-no-habitat.json",
    doc,
    "E11: Koala cube on the height-1 Tree",
    {"status": "illegal", "rule": "HAR-CUBE-3", "pointer": "/moves/2/steps/2/cell"},
)
doc = sample()
doc["moves"][2]["steps"][2]["rotation"] = 0
write(
    "invalid/cube-wrong-rotation.json",
    doc,
    "Koala cube with rotation 0 where only rotation 1 matches",
    {"status": "illegal", "rule": "HAR-CUBE-3", "pointer": "/moves/2/steps/2/rotation"},
)
doc = sample()
doc["moves"][1]["player"] = "Ann"
write(
    "invalid/turn-order.json",
    doc,
    "the second turn object names Ann",
    {"status": "illegal", "rule": "REC-TURN-1", "pointer": "/moves/1/player"},
)
doc = sample()
doc["moves"][1]["player"] = "Zed"
write(
    "invalid/unknown-player.json",
    doc,
    "a turn object names a player not in the game",
    {"status": "illegal", "rule": "REC-PLAYER-1", "pointer": "/moves/1/player"},
)
doc = sample()
doc["moves"][1]["steps"].pop(0)
write(
    "invalid/no-spirit-choice.json",
    doc,
    "E11: Ben's first turn without choose_spirit",
    {"status": "illegal", "rule": "HAR-TURN-6", "pointer": "/moves/1/steps"},
)
doc = sample()
doc["moves"][1]["steps"].pop()
write(
    "invalid/two-placements.json",
    doc,
    "E11: only two of three tokens placed",
    {"status": "illegal", "rule": "HAR-TURN-3", "pointer": "/moves/1/steps"},
)
st = Script(draws=["red"] * 12)
for _ in range(4):
    st.play(*st.stacking())
write(
    "invalid/refill-colour-exhausted.json",
    st.with_turn(*st.stacking(), refill={"spaces": {"1": ["red", "red", "red"]}, "display": []}),
    "refill draws a 16th red token",
    {"status": "illegal", "rule": "HAR-REFILL-2", "pointer": "/moves/4/refill/spaces/1/2"},
)
doc = sample()
doc["moves"][1]["refill"]["spaces"] = {"3": ["yellow", "blue"]}
write(
    "invalid/refill-short.json",
    doc,
    "E11: refill of 2 tokens",
    {"status": "illegal", "rule": "HAR-REFILL-1", "pointer": "/moves/1/refill/spaces/3"},
)
doc = sample()
doc["moves"][0]["refill"]["display"] = ["koala"]
write(
    "invalid/refill-card-seen.json",
    doc,
    "display refill reveals a card already revealed",
    {"status": "illegal", "rule": "HAR-REFILL-4", "pointer": "/moves/0/refill/display/0"},
)
rec = copy.deepcopy(base2)
rec["moves"].append(
    {"player": rec["players"][len(rec["moves"]) % 2]["name"], "action": "turn", "steps": [take(1)]}
)
write(
    "invalid/turn-after-end.json",
    rec,
    "a turn object after the end of a finished game",
    {"status": "illegal", "rule": "REC-END-1", "pointer": f"/moves/{len(rec['moves']) - 1}"},
)
doc = sample()
doc["setup"]["central_board"] = doc["setup"]["central_board"][:4]
write(
    "invalid/setup-four-spaces.json",
    doc,
    "Central board with 4 spaces",
    {"status": "illegal", "rule": "HAR-SETUP-1", "pointer": "/setup/central_board"},
)
doc = sample()
doc["moves"][0]["steps"][0]["card"] = "ram_spirit"
write(
    "invalid/spirit-not-dealt.json",
    doc,
    "choose a spirit card dealt to the other player",
    {"status": "illegal", "rule": "HAR-SPIRIT-2", "pointer": "/moves/0/steps/0/card"},
)
rec = copy.deepcopy(base1)
k = next(i for i, m in enumerate(rec["moves"]) if any(s["do"] == "take_card" for s in m["steps"]))
rec["moves"][k]["solo_discard"] = {"card": "unicorn"}
write(
    "invalid/solo-discard-after-take.json",
    rec,
    "solo display discard in a turn that took a card",
    {"status": "illegal", "rule": "HAR-SOLO-2", "pointer": f"/moves/{k}/solo_discard"},
)

# claim mismatches
rec = copy.deepcopy(base2)
n = rec["players"][1]["name"]
rec["claimed"]["scores"][n] += 1
rec["claimed"]["breakdown"][n]["trees"] += 1
write(
    "invalid/claim-mismatch.json",
    rec,
    "claimed total and trees of the second player are 1 too high",
    {"status": "mismatch", "rule": "REC-CLAIM-1", "pointer": f"/claimed/scores/{n}"},
)
rec = copy.deepcopy(base1)
n = rec["players"][0]["name"]
rec["claimed"]["suns"][n] += 1
write(
    "invalid/claim-suns.json",
    rec,
    "solo claim with one sun too many",
    {"status": "mismatch", "rule": "REC-CLAIM-1", "pointer": f"/claimed/suns/{n}"},
)
rec = copy.deepcopy(base4)
rec["claimed"]["suns"] = {rec["players"][0]["name"]: 3}
write(
    "invalid/claim-suns-multiplayer.json",
    rec,
    "suns claimed in a 4-player game",
    {"status": "mismatch", "rule": "REC-CLAIM-1", "pointer": "/claimed/suns"},
)

# malformed
write(
    "invalid/not-json.json",
    None,
    "truncated file, not JSON",
    {"status": "malformed", "rule": "REC-JSON-1"},
    raw=json.dumps(sample())[:300].encode(),
)
doc = sample()
doc["variant"]["board_side"] = "C"
write(
    "invalid/schema-board-side.json",
    doc,
    "board_side C is not an option value",
    {"status": "malformed", "rule": "REC-SCHEMA-1", "pointer": "/variant/board_side"},
)
doc = sample()
doc["moves"][0]["steps"][1]["do"] = "pass"
write(
    "invalid/schema-unknown-step.json",
    doc,
    "a step named pass",
    {"status": "malformed", "rule": "REC-SCHEMA-1", "pointer": "/moves/0/steps/1/do"},
)
doc = sample()
doc["claimed"]["intermediate"] = {"Ann": 1}
write(
    "invalid/schema-intermediate.json",
    doc,
    "claimed.intermediate does not exist in Harmonies",
    {"status": "malformed", "rule": "REC-SCHEMA-1", "pointer": "/claimed"},
)

# positions
doc = position()
next(c for c in doc["boards"]["Ann"]["cells"] if c["cell"] == [0, 1])["tokens"] = ["brown", "red"]
write(
    "invalid/position-habitat-never-matched.json",
    doc,
    "E13: the Fennec Fox cube can never have matched",
    {"status": "impossible", "rule": "HAR-POS-9", "pointer": "/boards/Ann/cards/1/cubes/0"},
)
doc = position()
next(c for c in doc["boards"]["Ann"]["cells"] if c["cell"] == [2, 1])["tokens"] = ["gray", "green"]
write(
    "invalid/position-bad-stack.json",
    doc,
    "E13: green on gray cannot be built",
    {"status": "impossible", "rule": "HAR-POS-3", "pointer": "/boards/Ann/cells/5/tokens"},
)

(root / "cases.json").write_text(json.dumps(cases, indent=1) + "\n")
print(len(cases))
