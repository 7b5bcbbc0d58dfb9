"""Event profiles (issue 11 §1): REC-PROFILE-1/2/3, component data per game, fingerprints."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import orjson
import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from scorer.cli import app
from scorer.core.components import fingerprint
from scorer.core.findings import REC_RULES
from scorer.reading.schemas import get_schema
from scorer.referee.pipeline import verify_document
from scorer.referee.settings import VerifyOptions
from scorer.running import config
from tests.conftest import assert_ok, assert_rejects, load_fixture
from tests.roles import roles_of

runner = CliRunner()
KUH = "kuhfstein/valid/sim-2p-seed1.json"
FINGERPRINT = re.compile(r"^sha256:[0-9a-f]{64}$")


def write(path: Path, doc: Any) -> Path:
    path.write_bytes(orjson.dumps(doc))
    return path


def tampered_kuhfstein() -> dict[str, Any]:
    """Card C17 (played by P1 in move 35) is worth a point more, and the claims say so."""
    doc = load_fixture(KUH)
    doc["setup"]["cards"]["C17"]["points"] += 1
    doc["claimed"]["scores"]["P1"] += 1
    doc["claimed"]["breakdown"]["P1"]["cards"] += 1
    return doc


def profile_for(tmp_path: Path, toml: str, files: dict[str, Any] | None = None) -> config.Config:
    for name, doc in (files or {}).items():
        write(tmp_path / name, doc)
    (tmp_path / "scorer.toml").write_text(toml, encoding="utf-8")
    return config.load(tmp_path / "scorer.toml")


def under(cfg: config.Config, doc: Any) -> Any:
    return verify_document(doc, "<test>", VerifyOptions(profile=cfg.profile))


def test_profile_rules_are_catalogued() -> None:
    assert {"REC-PROFILE-1", "REC-PROFILE-2", "REC-PROFILE-3"} <= set(REC_RULES)
    assert "REC-CLAIM-2" not in REC_RULES
    listed = runner.invoke(app, ["rules"]).output
    assert "REC-PROFILE-2" in listed and "REC-CLAIM-2" not in listed


# --- §1: the tampered record --------------------------------------------------------------


def test_tampered_card_verifies_on_its_own() -> None:
    assert_ok(verify_document(tampered_kuhfstein()))


def test_tampered_card_is_REC_PROFILE_2_under_the_event_components(tmp_path: Path) -> None:
    cfg = profile_for(
        tmp_path,
        '[games.kuhfstein]\ncomponents = "event.json"\n',
        {"event.json": load_fixture(KUH)},
    )
    result = under(cfg, tampered_kuhfstein())
    finding = assert_rejects(result, "REC-PROFILE-2", "/setup/cards/C17/points")
    assert result.status == "ineligible"
    want = load_fixture(KUH)["setup"]["cards"]["C17"]["points"]
    assert (finding.details["found"], finding.details["expected"]) == (want + 1, want)
    assert_ok(under(cfg, load_fixture(KUH)))


def test_profile_findings_are_errors_for_every_fail_on(tmp_path: Path) -> None:
    write(tmp_path / "event.json", load_fixture(KUH))
    write(tmp_path / "records.json", tampered_kuhfstein())
    (tmp_path / "scorer.toml").write_text('[games.kuhfstein]\ncomponents = "event.json"\n')
    result = runner.invoke(
        app,
        [
            "batch",
            str(tmp_path / "records.json"),
            "--config",
            str(tmp_path / "scorer.toml"),
            "--fail-on",
            "error",
        ],
    )
    assert result.exit_code == 1, result.output
    line = next(t for t in result.output.splitlines() if "REC-PROFILE-2" in t)
    assert line.startswith(str(tmp_path / "records.json") + ":1:")  # file:line:col: RULE
    assert line.endswith("(at /setup/cards/C17/points)")


# --- REC-PROFILE-1: effective options -----------------------------------------------------


def test_other_option_is_REC_PROFILE_1(tmp_path: Path) -> None:
    cfg = profile_for(tmp_path, '[games.harmonies]\nvariant = {board_side = "B"}\n')
    doc = load_fixture("harmonies/valid/2p-side-a.json")
    assert_rejects(under(cfg, doc), "REC-PROFILE-1", "/variant/board_side")


def test_options_compare_with_defaults_filled_in(tmp_path: Path) -> None:
    cfg = profile_for(tmp_path, "[games.kuhfstein]\nvariant = {}\n")
    doc = load_fixture(KUH)
    doc["variant"] = {"end_threshold": 65, "allow_pass": "if_stuck"}  # the defaults, written
    assert_ok(under(cfg, doc))
    doc["variant"] = {"partial_herd": True}
    assert_rejects(under(cfg, doc), "REC-PROFILE-1", "/variant/partial_herd")


def test_shorthand_options_are_expanded(tmp_path: Path) -> None:
    cfg = profile_for(tmp_path, "[games.hacienda]\nvariant = {variant1 = true}\n")
    doc = load_fixture("hacienda/valid/2p-demo-standard.json")
    result = under(cfg, doc)
    pointers = [f.pointer for f in result.findings if f.rule == "REC-PROFILE-1"]
    assert pointers == [
        "/variant/market_payout",
        "/variant/hacienda_cost",
        "/variant/water_cost",
        "/variant/herd_points",
        "/variant/pesos_per_point",
    ]
    assert result.status == "ineligible"


# --- REC-PROFILE-3: the roster ------------------------------------------------------------


def test_player_off_the_roster_is_REC_PROFILE_3(tmp_path: Path) -> None:
    cfg = profile_for(tmp_path, '[games.kuhfstein]\nplayers = ["P1", "Zoe"]\n')
    assert_rejects(under(cfg, load_fixture(KUH)), "REC-PROFILE-3", "/players/1/name")


def test_roster_applies_to_positions(tmp_path: Path) -> None:
    cfg = profile_for(tmp_path, '[games.harmonies]\nplayers = ["Ann"]\n')
    doc = load_fixture("harmonies/valid/position-12-5.json")
    names = [p["name"] for p in doc["players"]]
    result = under(cfg, doc)
    bad = [f.pointer for f in result.findings if f.rule == "REC-PROFILE-3"]
    assert bad == [f"/players/{i}/name" for i, n in enumerate(names) if n != "Ann"]


# --- REC-PROFILE-2: component data of each game -------------------------------------------


def test_kuhfstein_track_difference_points_at_the_bonus(tmp_path: Path) -> None:
    cfg = profile_for(
        tmp_path,
        '[games.kuhfstein]\ncomponents = "event.json"\n',
        {"event.json": load_fixture(KUH)},
    )
    doc = load_fixture(KUH)
    doc["setup"]["track"]["bonus_spaces"][1]["bonus"] = "tree"
    assert_rejects(under(cfg, doc), "REC-PROFILE-2", "/setup/track/bonus_spaces/1/bonus")


def test_kuhfstein_cards_compare_up_to_rotation_and_subset(tmp_path: Path) -> None:
    event = load_fixture(KUH)
    cfg = profile_for(
        tmp_path, '[games.kuhfstein]\ncomponents = "event.json"\n', {"event.json": event}
    )
    doc = load_fixture(KUH)
    card = doc["setup"]["cards"]["C1"]
    card["cells"] = list(reversed(card["cells"]))  # the same card, cells in another order
    del doc["setup"]["scoring_tiles"]["W9"]  # never dealt: a record need not define it
    assert "W9" not in [t for ts in doc["setup"]["scoring_dealt"].values() for t in ts]
    assert_ok(under(cfg, doc))
    doc["setup"]["scoring_tiles"]["W1"]["points"] += 1
    assert_rejects(under(cfg, doc), "REC-PROFILE-2", "/setup/scoring_tiles/W1/points")


def test_hacienda_shipped_reference_equals_its_inline_copy() -> None:
    rules = roles_of("hacienda")
    inline = load_fixture("hacienda/valid/2p-twofer-inline-copy.json")
    reference = copy.deepcopy(inline)
    reference["setup"]["map"] = {"id": "haz-twofer"}
    assert fingerprint(rules.catalogue.component_data(inline)) == fingerprint(
        rules.catalogue.component_data(reference)
    )


def test_hacienda_other_map_is_REC_PROFILE_2(tmp_path: Path) -> None:
    cfg = profile_for(
        tmp_path,
        '[games.hacienda]\ncomponents = "event.json"\n',
        {"event.json": load_fixture("hacienda/valid/2p-twofer-inline-copy.json")},
    )
    doc = load_fixture("hacienda/valid/2p-twofer-inline-copy.json")
    space = next(k for k, s in enumerate(doc["setup"]["map"]["spaces"]) if s["t"] == "forest")
    doc["setup"]["map"]["spaces"][space]["t"] = "meadow"
    doc["setup"]["map"].pop("id")  # no longer the shipped map
    assert_rejects(under(cfg, doc), "REC-PROFILE-2", f"/setup/map/spaces/{space}/t")
    other = load_fixture("hacienda/valid/2p-demo-standard.json")  # {"id": "demo-7x6"}
    assert_rejects(under(cfg, other), "REC-PROFILE-2", "/setup/map/id")


def test_hacienda_water_supply_is_component_data(tmp_path: Path) -> None:
    event = load_fixture("hacienda/valid/2p-demo-standard.json")
    cfg = profile_for(
        tmp_path, '[games.hacienda]\ncomponents = "event.json"\n', {"event.json": event}
    )
    doc = copy.deepcopy(event)
    doc["setup"]["water_supply"] = 14  # the default, written out
    assert_ok(under(cfg, doc))
    doc["setup"]["water_supply"] = 12
    assert_rejects(under(cfg, doc), "REC-PROFILE-2", "/setup/water_supply")


def _citrus_inline(doc: dict[str, Any]) -> dict[str, Any]:
    """The same demo-1 game with its board, landscape and finca tiles written inline."""
    from scorer.games.citrus.data import BOARDS, FINCA_SETS, LANDSCAPES

    out = copy.deepcopy(doc)
    setup = out["setup"]
    assert setup["board"] == "demo-1" and setup["landscape"] == "demo-1"
    setup["board"] = {"rows": list(BOARDS["demo-1"])}
    setup["landscape"] = copy.deepcopy(LANDSCAPES["demo-1"])
    setup["finca_tiles"] = copy.deepcopy(FINCA_SETS["demo"])
    return out


def test_citrus_ids_resolve_to_their_data() -> None:
    rules = roles_of("citrus")
    doc = load_fixture("citrus/valid/sim-2p.json")
    inline = _citrus_inline(doc)
    assert_ok(verify_document(inline))
    assert fingerprint(rules.catalogue.component_data(doc)) == fingerprint(
        rules.catalogue.component_data(inline)
    )


def test_citrus_finca_and_landscape_differences(tmp_path: Path) -> None:
    doc = load_fixture("citrus/valid/sim-2p.json")
    cfg = profile_for(tmp_path, '[games.citrus]\ncomponents = "event.json"\n', {"event.json": doc})
    inline = _citrus_inline(doc)
    inline["setup"]["landscape"].reverse()  # placement is dealt, not component data
    assert_ok(under(cfg, inline))
    tile = next(k for k, t in enumerate(inline["setup"]["finca_tiles"]) if t["first"] == 12)
    fincas = copy.deepcopy(inline)
    fincas["setup"]["finca_tiles"][tile] = {"first": 14, "second": 7}
    assert_rejects(under(cfg, fincas), "REC-PROFILE-2", f"/setup/finca_tiles/{tile}")
    horses = copy.deepcopy(inline)
    k = next(i for i, t in enumerate(horses["setup"]["landscape"]) if t["type"] == "horses")
    horses["setup"]["landscape"][k]["points"] = 9
    assert_rejects(under(cfg, horses), "REC-PROFILE-2", f"/setup/landscape/{k}")
    board = copy.deepcopy(inline)
    board["setup"]["board"]["paths"] = {"A": [[2, 1], [3, 2]]}
    assert_rejects(under(cfg, board), "REC-PROFILE-2", "/setup/board/paths/A")


def test_harmonies_fingerprint_is_the_builtin_catalogue() -> None:
    one = verify_document(load_fixture("harmonies/valid/2p-side-a.json"))
    two = verify_document(load_fixture("harmonies/valid/position-12-5.json"))
    assert one.fingerprint == two.fingerprint and FINGERPRINT.match(one.fingerprint or "")


def test_harmonies_has_no_components_to_pin(tmp_path: Path) -> None:
    (tmp_path / "scorer.toml").write_text('[games.harmonies]\ncomponents = "x.json"\n')
    result = runner.invoke(
        app,
        ["verify", "--config", str(tmp_path / "scorer.toml"), "fixtures/harmonies/valid/solo.json"],
    )
    assert result.exit_code == 2, result.output
    assert "games.harmonies.components" in result.output


def test_components_of_a_position(tmp_path: Path) -> None:
    position = load_fixture("kuhfstein/valid/position-14-4.json")
    cfg = profile_for(
        tmp_path, '[games.kuhfstein]\ncomponents = "event.json"\n', {"event.json": position}
    )
    doc = copy.deepcopy(position)
    first = next(iter(doc["components"]["scoring_tiles"]))
    doc["components"]["scoring_tiles"][first]["points"] += 1
    assert_rejects(under(cfg, doc), "REC-PROFILE-2", f"/components/scoring_tiles/{first}/points")


# --- fingerprints in every report ---------------------------------------------------------


def test_json_report_names_the_fingerprint() -> None:
    result = runner.invoke(app, ["verify", "--format", "json", f"fixtures/{KUH}"])
    doc = orjson.loads(result.stdout)
    Draft202012Validator(get_schema("report.schema.json")).validate(doc)
    assert FINGERPRINT.match(doc["records"][0]["fingerprint"])


def test_fingerprint_ignores_labels_and_order() -> None:
    rules = roles_of("kuhfstein")
    doc = load_fixture(KUH)
    other = copy.deepcopy(doc)
    other["setup"]["scoring_tiles"] = dict(reversed(list(doc["setup"]["scoring_tiles"].items())))
    for tile in other["setup"]["scoring_tiles"].values():
        tile["text"] = "renamed"
    assert fingerprint(rules.catalogue.component_data(doc)) == fingerprint(
        rules.catalogue.component_data(other)
    )
    assert fingerprint(rules.catalogue.component_data(doc)) != fingerprint(
        rules.catalogue.component_data(tampered_kuhfstein())
    )


def test_text_report_and_batch_summary_name_the_fingerprint(tmp_path: Path) -> None:
    text = runner.invoke(app, ["verify", f"fixtures/{KUH}"]).output
    assert re.search(r"verified \(kuhfstein, .*components sha256:[0-9a-f]{16}\)", text)
    batch = runner.invoke(app, ["batch", "--jobs", "1", "fixtures/kuhfstein/valid"]).output
    assert re.search(r"Components of kuhfstein: sha256:[0-9a-f]{16} \(\d+\)", batch)


def test_html_record_page_names_the_fingerprint(tmp_path: Path) -> None:
    result = runner.invoke(app, ["report", f"fixtures/{KUH}", "--html", str(tmp_path / "s")])
    assert result.exit_code == 0, result.output
    [page_file] = (tmp_path / "s" / "records").glob("*.html")
    page = page_file.read_text()
    assert re.search(r"<code>sha256:[0-9a-f]{64}</code>", page)


# --- the profile reaches every entry point ------------------------------------------------


@pytest.fixture
def event(tmp_path: Path) -> Path:
    write(tmp_path / "event.json", load_fixture(KUH))
    records = tmp_path / "records"
    records.mkdir()
    for k in range(20):  # more than one chunk, so several workers get some
        write(records / f"ok-{k:02d}.json", {**load_fixture(KUH), "meta": {"table": k}})
    write(records / "zz-tampered.json", tampered_kuhfstein())
    (tmp_path / "scorer.toml").write_text('[games.kuhfstein]\ncomponents = "event.json"\n')
    return tmp_path


@pytest.mark.parametrize("workers", [["--jobs", "1"], ["--jobs", "2"], ["--dask", "local"]])
def test_batch_workers_apply_the_profile(
    event: Path, workers: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    if workers[0] == "--dask":
        pytest.importorskip("distributed")
    monkeypatch.chdir(event)  # the configuration is found from the working directory
    result = runner.invoke(app, ["batch", "records", *workers, "--format", "json"])
    assert result.exit_code == 1, result.output
    report = orjson.loads(result.stdout)
    Draft202012Validator(get_schema("report.schema.json")).validate(report)
    records = report["records"]
    assert [r["status"] for r in records] == ["ok"] * 20 + ["ineligible"]
    assert records[-1]["findings"][0]["pointer"] == "/setup/cards/C17/points"


def test_score_and_report_apply_the_profile(event: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(event)
    score = runner.invoke(app, ["score", "records/zz-tampered.json"])
    assert score.exit_code == 1 and "REC-PROFILE-2" in score.output
    site = runner.invoke(app, ["report", "records", "--html", "site"])
    assert site.exit_code == 1, site.output
    pages = {p.name: p.read_text() for p in (event / "site" / "records").glob("*.html")}
    assert [name for name, text in pages.items() if "REC-PROFILE-2" in text] == [
        next(name for name in pages if "tampered" in name)
    ]


def test_standings_count_only_games_the_profile_accepts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = runner.invoke(
        app,
        [
            "simulate",
            "harmonies",
            "--event",
            "cup",
            "--rounds",
            "1",
            "--roster",
            "Ann,Ben,Cid,Dee",
            "--players",
            "2",
            "--seed",
            "1",
        ],
    )
    assert result.exit_code == 0, result.output
    (tmp_path / "cup.ndjson").write_bytes(result.stdout_bytes)
    (tmp_path / "scorer.toml").write_text('[games.harmonies]\nplayers = ["Ann", "Ben", "Cid"]\n')
    monkeypatch.chdir(tmp_path)
    standings = runner.invoke(app, ["standings", "cup.ndjson", "--format", "json", "--jobs", "1"])
    assert standings.exit_code == 1, standings.output  # Dee's game fails the run
    doc = orjson.loads(standings.stdout)
    players = {row["player"] for event in doc["events"] for row in event["standings"]}
    assert "Dee" not in players and len(doc["excluded"]) == 1
