"""Links to a position live (tutor/links.py) and ``tutor link``: the link a position makes reads
back to the same position; the command prints the full address of the live chapter whose panel
plays the game's deals, every move checked, and refuses bad input in one line with exit code 2."""

from __future__ import annotations

import json
import random
from urllib.parse import urlsplit

import pytest

from tutor.cli import main
from tutor.errors import TutorError
from tutor.games import GAMES, load
from tutor.links import position_link, read_link
from tutor.session import READER, Position, Session


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("name", GAMES)
def test_a_link_reads_back_to_the_position_it_was_made_from(name):
    game = load(name)
    s = Session(game, 21, match=True)
    rng = random.Random(21)
    for _ in range(9):
        if not s.reader_to_move:
            break
        s.act(rng.choice(s.legal_actions()))
    pos = s.position
    assert pos.moves
    link = position_link(f"{name}/rules", "x.PlayPanel", pos)
    assert " " not in link and link.count("&moves=") == 1
    assert read_link(link, "x.PlayPanel") == pos and read_link(link, "y.Other") is None
    assert read_link("lite/lab/index.html?path=a.ipynb", "x.PlayPanel") is None  # no deal asked


def test_a_link_without_moves_says_none():
    link = position_link("sixtysix/rules", "sixtysix.PlayPanel", Position("ss-AUbahJBOr1234"))
    assert link == "lite/lab/index.html?path=sixtysix/rules.ipynb&panel=sixtysix.PlayPanel&deal=ss-AUbahJBOr1234"
    assert read_link(link, "sixtysix.PlayPanel") == Position("ss-AUbahJBOr1234")


def _open_as_linked(name: str, url: str) -> Session:
    q = urlsplit(url).query
    pos = read_link("?" + q, dict(p.split("=", 1) for p in q.split("&"))["panel"])
    assert pos is not None
    game = load(name)
    s = Session(game, 1, seats={seat.name: READER for seat in game.deal(seed=1).table})  # nobody moves after the position
    s.open(pos.code, pos.moves, pos.dealer)
    return s


@pytest.mark.parametrize("name, chapter, panel", [
    ("piquet", "piquet/play", "table.TablePanel"),
    ("sixtysix", "sixtysix/rules", "table.TablePanel"),
    ("bondtolva", "bondtolva/rules", "table.TablePanel"),
    ("chouine", "chouine/rules", "table.TablePanel"),  # its "play" chapter opens no panel
    ("truc", "truc/doubling", "table.TablePanel"),  # not the pourrie trainer of the rules chapter
    ("tute", "tute/counting", "table.TablePanel"),
    ("counterpique", "counterpique/how-it-differs", "table.TablePanel"),
])
def test_tutor_link_prints_the_live_chapter_that_plays_the_game_on_the_position(capsys, name, chapter, panel):
    game = load(name)
    state = game.deal(seed=5)
    moves = []
    for _ in range(3):  # the last legal move each time (a play: the first may end the deal), whoever's seat
        a = list(state.legal_actions())[-1]
        moves.append(str(a))
        state.apply(a)
    code, out, err = run(capsys, "link", name, "--seed", "5", "--actions", ",".join(moves))
    assert code == 0 and not err
    url = out.strip()
    assert url.startswith(f"http://127.0.0.1:8000/lite/lab/index.html?path={chapter}.ipynb&panel={panel}&deal={state.code}&moves=")
    s = _open_as_linked(name, url)
    assert s.position == Position(state.code, tuple(moves))
    code, out, _ = run(capsys, "link", name, "--seed", "5", "--actions", ",".join(moves), "--json")
    data = json.loads(out)
    assert data["link"] == url and data["code"] == state.code and data["moves"] == moves and data["panel"] == panel


def test_tutor_link_base_relative_and_panel(capsys):
    code, out, _ = run(capsys, "link", "piquet", "--seed", "7", "--base", "https://example.org/tutor")
    deal = load("piquet").deal(seed=7).code
    assert code == 0 and out.strip() == f"https://example.org/tutor/lite/lab/index.html?path=piquet/play.ipynb&panel=table.TablePanel&deal={deal}"
    code, out, _ = run(capsys, "link", "piquet", "--code", deal, "--relative", "--panel", "piquet.DeclarationPanel")
    assert code == 0 and out.strip() == f"lite/lab/index.html?path=piquet/declarations.ipynb&panel=piquet.DeclarationPanel&deal={deal}"
    # a position in a match: the moves of its first deal, both seats' moves
    game = load("sixtysix")
    s = Session(game, 4, seats={"elder": READER, "younger": READER})
    s.act(s.legal_actions()[1])
    s.act(s.legal_actions()[0])
    code, out, _ = run(capsys, "link", "sixtysix", "--seed", "4", "--actions", ",".join(s.position.moves), "--relative")
    assert code == 0 and read_link(out.strip(), "table.TablePanel") == s.position


def test_tutor_link_names_the_dealer_and_the_totals_of_a_deal_in_a_match(capsys):
    # A Sixty-Six match (to 7 game points: pagat.com, Sechsundsechzig) whose deal was dealt by
    # "second" at 3 to 1: the link says so, and opens the match's deal there, its moves made.
    game = load("sixtysix")
    code = game.deal(seed=3).code
    s = Session(game, code=code, seats={"first": READER, "second": READER}, match=True)
    s.open(code, "", "second", standing={"first": 3, "second": 1})
    s.act(s.legal_actions()[-1])
    s.act(s.legal_actions()[0])
    argv = ("link", "sixtysix", "--code", code, "--dealer", "second", "--standing", "first:3,second:1",
            "--actions", ",".join(s.position.moves), "--relative")
    rc, out, err = run(capsys, *argv)
    assert rc == 0 and not err
    linked = read_link(out.strip(), "table.TablePanel")
    assert linked == s.position and linked.dealer == "second" and dict(linked.standing) == {"first": 3, "second": 1}
    again = Session(game, code=code, seats={"first": READER, "second": READER}, match=True)
    again.open(linked.code, linked.moves, linked.dealer, standing=dict(linked.standing))
    assert again.position == s.position
    rc, out, _ = run(capsys, "link", "sixtysix", "--code", code, "--standing", "first:0,second:0", "--relative")
    nought = read_link(out.strip(), "table.TablePanel")  # nought each: nothing to carry; the match's first dealer
    assert rc == 0 and "standing=" not in out and nought.standing == () and nought.dealer == game.match(0).dealer.name


@pytest.mark.parametrize("argv, said", [
    (("link", "sixtysix", "--standing", "first:x"), "first's total is a whole number, 0 or more, not 'x'"),
    (("link", "sixtysix", "--standing", "first:99"), "first's total in a Sixty-Six game starts from 0 to 6"),
    (("link", "sixtysix", "--standing", "nobody:1"), "'nobody' keeps no total in this Sixty-Six game"),
    (("link", "sixtysix", "--dealer", "bob"), "'bob' is not a player of this Sixty-Six match"),
    (("link", "counterpique", "--standing", "first:1"), "Counterpique's rubber cannot start at given totals"),
    (("link", "piquet", "--seed", "7", "--actions", "play ZZ"), "move 1 of the position, 'play ZZ'"),
    (("link", "sixtysix", "--seed", "4", "--actions", "claim,claim"), "move 1 of the position, 'claim'"),
    (("link", "piquet", "--seed", "7", "--actions", "x" * 5000), "move 1 of the position, 'xxxxxxxx"),
    (("link", "piquet", "--panel", "nope.Panel"), "--panel 'nope.Panel' is not a panel of Piquet's chapters"),
    (("link", "piquet", "--base", "ftp://example.org/"), "--base is the address of the published book"),
    (("link", "piquet", "--base", "http://"), "--base is the address"),
    (("link", "piquet", "--base", "https://example.org:port/"), "--base is the address"),
    (("link", "piquet", "--base", "https://example.org/?a=1"), "--base is the address"),
    (("link", "piquet", "--code", "pq-AAAA"), "damaged"),
    (("link", "nogame"), "nogame"),
])
def test_tutor_link_bad_input_is_one_line_and_exit_2(capsys, argv, said):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and len(err) < 600, err
    assert said in err, err


def test_a_damaged_list_of_moves_in_a_link_is_refused():
    with pytest.raises(TutorError, match="move 2 of the position is empty"):
        read_link("?deal=pq-x&moves=a,,b", "k")


def test_a_link_carries_the_totals_its_match_stood_at():
    # The second deal of a Sixty-Six match (to 7 game points: pagat.com, Sechsundsechzig) is opened
    # where the match stood: the link names the totals the deal started from, and reads back to them.
    game = load("sixtysix")
    s = Session(game, 4, match=True)
    s.play_for_reader()
    before = s.match.standing()
    s.next_deal()
    pos = s.position
    assert any(before.values()) and pos.totals() == before
    link = position_link("sixtysix/rules", "table.TablePanel", pos)
    assert link.endswith("&standing=" + ",".join(f"{k}:{v}" for k, v in before.items()))
    back = read_link(link, "table.TablePanel")
    assert back == pos and back is not None
    fresh = Session(game, 9, match=True)
    fresh.open(back.code, back.moves, back.dealer, standing=back.totals())
    assert fresh.position == pos and fresh.match.standing() == before
    # a first deal, or a deal alone, has nothing to say
    assert "standing" not in position_link("sixtysix/rules", "table.TablePanel", Session(game, 4, match=True).position)
    assert Session(game, 4).position.standing == ()


def test_names_with_the_link_s_own_marks_read_back():
    pos = Position("pq-x", (), "Ann, the first", (("Ann, the first", 5), ("B:C 100%", 0)))
    link = position_link("piquet/play", "table.TablePanel", pos)
    assert link.count(",") == 1 and " " not in link  # the names' own commas are not the list's
    assert read_link(link, "table.TablePanel") == pos


@pytest.mark.parametrize("standing, token", [
    ("first", "first"),  # no total
    (":5", ":5"),  # no name
    ("first:x", "x"),
    ("first:-3", "-3"),
    ("first:\u0665", "ARABIC-INDIC DIGIT FIVE"),  # a look-alike digit, named
    ("first:" + "9" * 5000, "99999"),
])
def test_a_damaged_standing_in_a_link_is_refused_naming_the_part(standing, token):
    with pytest.raises(TutorError) as e:
        read_link(f"?deal=pq-x&standing={standing}", "k")
    assert isinstance(e.value, ValueError) and token in str(e.value.token) + str(e.value), e.value
    assert len(str(e.value)) < 300
