"""A class at work (tutor/classroom.py): the answer page's sets and hashed keys, the result file
and its checks, collecting a class's files into a table, rosters and one variant per student,
and the commands (``tutor exercises/sheet --students``, ``--answer-page``, ``tutor class collect``)."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest

from tutor import classroom
from tutor.classroom import ClassError, answer_hash, check_result, collect, fields, read_roster, signature, variants
from tutor.cli import main
from tutor.exercises import kinds_for, make_set, parse_code
from tutor.games import GAMES, load


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def key_answers(ex) -> dict:
    """Every question answered as its key says (the first accepted answer of each field)."""
    return {str(q.number): {f.id: f.accepted[0] for f in fields(ex, q)} for q in ex.questions}


def result(ex, name: str, answers: dict, *, score: int | None = None, sign: bool = True) -> dict:
    """A result file as the answer page writes it: scored by the page's own rule (a question is
    right when every field is), then signed."""
    marks = classroom.mark(ex, answers)
    data = {"format": classroom.FORMAT, "code": ex.code, "name": name, "started": "2026-01-05T09:00:00.000Z",
            "finished": "2026-01-05T09:12:00.000Z", "seconds": 720, "feedback": False, "answers": answers,
            "score": sum(all(ok for _, ok in m.values()) for m in marks.values()) if score is None else score,
            "out_of": ex.count}
    if sign:
        data["signature"] = signature(data)
    return data


def save(folder: Path, name: str, data) -> Path:
    path = folder / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


ALL_SETS = [(g, k.name) for g in GAMES for k in kinds_for(load(g))]


# -- what each question asks for, and the hashed key -----------------------------------------------
@pytest.mark.parametrize("game, kind", ALL_SETS)
def test_every_kind_is_answerable_the_key_marks_right_and_another_answer_wrong(game, kind):
    ex = make_set(game, kind, 3, 5)
    marks = classroom.mark(ex, key_answers(ex))
    assert all(ok for m in marks.values() for _, ok in m.values())
    page = classroom.page_set(ex)
    for q, pq in zip(ex.questions, page["questions"]):
        for f, pf in zip(fields(ex, q), pq["fields"]):
            # the page can mark the key's answer from the hash, and a wrong answer hashes to no key
            assert answer_hash(ex.code, q.number, f.id, f.accepted[0]) in pf["key"]
            wrong = "99999" if f.kind == "number" else "none at all"
            assert wrong not in f.accepted and answer_hash(ex.code, q.number, f.id, wrong) not in pf["key"]
            if f.kind == "cards":
                assert f.row in {label for label, _ in q.cards}


def test_the_page_set_shows_no_key_in_clear_and_no_working_without_feedback():
    ex = make_set("piquet", "score", 4, 3)
    script = classroom.set_script(ex)
    for q in ex.questions:
        assert q.answer not in script and all(w not in script for w in q.working)
    assert json.loads(script[script.index("(") + 1:script.rindex(")")])["feedback"] is False
    with_feedback = classroom.page_set(ex, feedback=True)
    assert with_feedback["feedback"] is True
    # with feedback the page names the rules the key applies, not the points
    assert any("Cavendish Law" in r for q in with_feedback["questions"] for r in q["rules"])


def test_answers_are_marked_as_normalised_numbers_and_cards_in_any_order():
    ex = make_set("piquet", "discard", 1, 2)
    q = ex.questions[0]
    (f,) = fields(ex, q)
    cards = f.accepted[0].split()
    backwards = " ".join(reversed(cards))
    assert classroom.mark(ex, {"1": {"discard": backwards}})[1]["discard"] == (f.accepted[0], True)
    assert classroom.mark(ex, {"1": {"discard": " ".join(cards[:-1])}})[1]["discard"][1] is False
    score = make_set("piquet", "score", 1, 2)
    totals = score.questions[0].data["totals"]
    given = {"elder": f" +{totals['elder']} ", "younger": f"0{totals['younger']}"}
    assert all(ok for _, ok in classroom.mark(score, {"1": given})[1].values())
    assert not classroom.mark(score, {"1": {"elder": "twelve", "younger": str(totals["younger"])}})[1]["elder"][1]


# -- the result file ------------------------------------------------------------------------------
def test_a_result_file_in_order_is_marked_again_from_its_answers(tmp_path):
    ex = make_set("sixtysix", "tricks", 4, 8)
    answers = key_answers(ex)
    answers["2"] = {k: str(int(v) + 1) for k, v in answers["2"].items()}  # question 2 wrong
    r = check_result(save(tmp_path, "a.json", result(ex, "Ann", answers)), {ex.code: None})
    assert r.flags == [] and r.score == 3 and not r.right(2) and r.right(1) and r.name == "Ann"


def test_a_file_edited_so_its_answers_no_longer_match_its_score_is_flagged(tmp_path):
    ex = make_set("sixtysix", "tricks", 4, 8)
    answers = key_answers(ex)
    data = result(ex, "Ann", answers)
    n = next(k for k, v in answers.items() if any(x != "0" for x in v.values()))
    data["answers"][n] = {k: "0" for k in answers[n]}  # changed, signature made again: the score no longer fits
    data["signature"] = signature(data)
    r = check_result(save(tmp_path, "a.json", data), {ex.code: None})
    assert r.flags == ["edited: its answers score 3 of 4, not the 4 it records"]


def test_a_file_edited_without_signing_it_again_is_flagged(tmp_path):
    ex = make_set("piquet", "point", 3, 8)
    data = result(ex, "Ann", key_answers(ex))
    data["name"] = "Bob"
    r = check_result(save(tmp_path, "a.json", data), {ex.code: None})
    assert r.flags == ["edited: its signature does not match its contents"]


def test_a_file_for_another_set_or_not_a_result_file_is_flagged_and_a_missing_one_refused(tmp_path):
    mine, other = make_set("piquet", "point", 3, 8), make_set("piquet", "point", 3, 9)
    r = check_result(save(tmp_path, "o.json", result(other, "Ann", key_answers(other))), {mine.code: None})
    assert r.flags == [f"a file for another set ('{other.code}')"]
    assert check_result(save(tmp_path, "x.json", "{not json"), {mine.code: None}).flags[0].startswith("not a result file")
    assert check_result(save(tmp_path, "y.json", "[1, 2]"), {mine.code: None}).flags == [f"not a result file ({classroom.FORMAT})"]
    with pytest.raises(ClassError, match="is not a file"):
        check_result(tmp_path / "missing.json", {mine.code: None})


# -- collecting --------------------------------------------------------------------------------
def test_collect_makes_the_class_table_and_flags_the_edited_file_and_the_other_set(tmp_path):
    ex = make_set("piquet", "score", 3, 4)
    right = key_answers(ex)
    q2 = {k: str(int(v) + 5) for k, v in right["2"].items()}
    files = [
        save(tmp_path, "ann.json", result(ex, "Ann", right)),
        save(tmp_path, "bob.json", result(ex, "Bob", {**right, "2": q2})),
        save(tmp_path, "cy.json", result(ex, "Cy", {**right, "2": q2})),
    ]
    edited = result(ex, "Dee", {**right, "2": q2})
    edited["score"] = 3  # a wrong answer given out as right
    edited["signature"] = signature(edited)
    files.append(save(tmp_path, "dee.json", edited))
    other = make_set("piquet", "score", 3, 5)
    files.append(save(tmp_path, "eve.json", result(other, "Eve", key_answers(other))))
    table = collect(files, ex.code)
    assert [r.name for r in table.results] == ["Ann", "Bob", "Cy"]
    assert {r.file: r.flags for r in table.flagged} == {
        "dee.json": ["edited: its answers score 2 of 3, not the 3 it records"],
        "eve.json": [f"a file for another set ('{other.code}')"]}
    rows = list(csv.reader(io.StringIO(table.csv())))
    assert rows[0][:7] == ["file", "name", "set", "status", "q1", "q2", "q3"]
    assert rows[1][:8] == ["ann.json", "Ann", ex.code, "ok", "right", "right", "right", "3"]
    assert rows[2][4:8] == ["right", "wrong", "right", "2"] and rows[3][4:8] == ["right", "wrong", "right", "2"]
    assert rows[4][0] == "dee.json" and rows[4][3].startswith("edited") and rows[5][0] == "eve.json"
    # the mistakes of question 2, under the rules its key applies to that seat, each with the key's answer
    mistakes = table.mistakes()
    assert mistakes and all(n >= 2 for _, n, _ in mistakes)
    rules = {rule for rule, _, _ in mistakes}
    assert rules <= set(classroom.rules_of(ex.questions[1])) | {"(the key cites no rule)"}
    seat = next(iter(right["2"]))
    label = next(f.label for f in fields(ex, ex.questions[1]) if f.id == seat)
    assert f"Bob q2: {label} {q2[seat]}, the key {right['2'][seat]}" in {x for _, _, xs in mistakes for x in xs}
    assert (2, seat, q2[seat], 2) in table.common_answers()
    page = table.html()
    assert page.count('class="wrong"') == 2 and "dee.json" in page and "eve.json" in page


def test_a_second_file_from_the_same_student_is_flagged_not_counted_twice(tmp_path):
    ex = make_set("piquet", "point", 2, 4)
    a = save(tmp_path, "a.json", result(ex, "Ann", key_answers(ex)))
    b = save(tmp_path, "b.json", result(ex, "ann", {}))
    table = collect([a, b], ex.code)
    assert [r.file for r in table.results] == ["a.json"]
    assert table.flagged[0].flags == ["a second file from ann (the first: a.json)"]


def test_the_class_table_is_never_written_over_a_file_the_tool_did_not_make(tmp_path):
    ex = make_set("piquet", "point", 2, 4)
    table = collect([save(tmp_path, "a.json", result(ex, "Ann", key_answers(ex)))], ex.code)
    out = tmp_path / "out"
    out.mkdir()
    (out / f"class-{ex.code}.csv").write_text("mine")
    with pytest.raises(ClassError, match="exists: give --force"):
        classroom.write_table(table, out)
    assert (out / f"class-{ex.code}.csv").read_text() == "mine" and not (out / f"class-{ex.code}.html").exists()
    classroom.write_table(table, out, force=True)
    assert (out / f"class-{ex.code}.csv").read_text().startswith("file,name")


# -- rosters and variants ------------------------------------------------------------------------
def test_a_roster_is_read_one_name_a_line(tmp_path):
    path = save(tmp_path, "r.txt", "\ufeffAnn Lee\n  Chloé   Durand \nO'Brien-Smith Jr.\n\n\n")
    assert read_roster(path) == ["Ann Lee", "Chloé Durand", "O'Brien-Smith Jr."]


@pytest.mark.parametrize("text, message, token", [
    ("Ann\n\nBob\n", "line 2 of the roster is empty", "line 2"),
    ("Ann\nBob\nann\n", "names 'ann' twice (lines 1 and 3)", "'ann'"),
    ("Ann\nBob<script>\n", "holds '<' (LESS-THAN SIGN)", "<"),
    ("Ann\nB\u0000b\n", "U+0000", "\x00"),
    ("7 Ann\n", "the name on line 1", "7"),
    ("\n\n", "names nobody", None),
    ("A" * 61 + "\n", "longer than 60", None),
])
def test_a_bad_roster_is_refused_naming_the_line_or_the_name(tmp_path, text, message, token):
    with pytest.raises(ClassError, match=re.escape(message)) as e:
        read_roster(save(tmp_path, "r.txt", text))
    if token is not None:
        assert e.value.token == token


def test_a_roster_that_is_not_utf8_or_not_there_is_refused(tmp_path):
    (tmp_path / "r.txt").write_bytes(b"Ann\nZo\xe9\n")
    with pytest.raises(ClassError, match="not UTF-8 text"):
        read_roster(tmp_path / "r.txt")
    with pytest.raises(ClassError, match="cannot read the roster"):
        read_roster(tmp_path / "none.txt")


def test_variants_differ_by_student_are_reproducible_and_share_the_teachers_game_kind_and_count():
    code = make_set("piquet", "point", 4, 3).code
    names = ["Ann", "Bob", "Chloé", "Dan"]
    sets = variants(code, names)
    codes = [ex.code for _, ex in sets]
    assert len(set(codes)) == 4 and code not in codes
    assert len({tuple(str(q.cards) for q in ex.questions) for _, ex in sets}) == 4
    assert all(parse_code(c)[:3] == ("piquet", "point", 4) for c in codes)
    assert [ex.code for _, ex in variants(code, names)] == codes
    # a student's code depends on the teacher's code and the name, not on the roster's order
    assert dict((n, ex.code) for n, ex in variants(code, list(reversed(names)))) == dict(zip(names, codes))
    assert variants(make_set("piquet", "point", 4, 4).code, ["Ann"])[0][1].code != codes[0]
    key = classroom.combined_key(code, sets)
    assert key.startswith(f"Key to the class's variants of set {code} (4 students)")
    for name, ex in sets:
        assert f"== {name}: set {ex.code} ==" in key and ex.key_text() in key


def test_collect_with_a_roster_checks_each_file_against_the_students_own_variant(tmp_path):
    code = make_set("piquet", "point", 2, 3).code
    (ann, a), (bob, b) = variants(code, ["Ann", "Bob"])
    files = [save(tmp_path, "ann.json", result(a, "Ann", key_answers(a))),
             save(tmp_path, "bob.json", result(a, "Bob", key_answers(a)))]  # Bob answered Ann's variant
    table = collect(files, code, ["Ann", "Bob"])
    assert [r.name for r in table.results] == ["Ann"]
    assert table.flagged[0].flags == [f"set {a.code} was made for Ann, not 'Bob'"]


# -- the commands -------------------------------------------------------------------------------
def test_exercises_with_students_prints_every_variant_then_one_key(tmp_path, capsys):
    roster = save(tmp_path, "r.txt", "Ann\nBob\n")
    code, out, _ = run(capsys, "exercises", "piquet", "--kind", "point", "--count", "2", "--seed", "3", "--students", roster, "--key")
    teacher = make_set("piquet", "point", 2, 3).code
    sets = variants(teacher, ["Ann", "Bob"])
    assert code == 0 and out == "".join(f"== {n}: set {v.code} ==\n{v.text()}\n" for n, v in sets) + classroom.combined_key(teacher, sets)
    code, out, _ = run(capsys, "exercises", "--code", teacher, "--students", roster, "--json")
    assert [s["code"] for s in json.loads(out)["students"]] == [v.code for _, v in sets]


def test_answer_page_is_written_once_and_another_file_kept_unless_force(tmp_path, capsys):
    ex = make_set("piquet", "point", 2, 3)
    code, out, _ = run(capsys, "exercises", "--code", ex.code, "--answer-page", tmp_path, "--feedback")
    assert code == 0 and f"answer.html?code={ex.code}" in out and "2 file(s) written" in out
    assert (tmp_path / "answer.html").read_text() == classroom.page_html()
    assert json.loads((tmp_path / "answer-sets" / f"{ex.code}.js").read_text().split("(", 1)[1].rsplit(")", 1)[0])["feedback"]
    code, out, _ = run(capsys, "exercises", "--code", ex.code, "--answer-page", tmp_path, "--feedback")
    assert code == 0 and "0 file(s) written" in out
    code, _, err = run(capsys, "exercises", "--code", ex.code, "--answer-page", tmp_path)  # the set file, without feedback
    assert code == 2 and "exists: give --force" in err and err.count("\n") == 1
    (tmp_path / "answer.html").write_text("<p>my own page</p>")
    code, _, err = run(capsys, "exercises", "--code", make_set("piquet", "point", 2, 4).code, "--answer-page", tmp_path)
    assert code == 2 and "answer.html" in err and (tmp_path / "answer.html").read_text() == "<p>my own page</p>"
    code, _, _ = run(capsys, "exercises", "--code", ex.code, "--answer-page", tmp_path, "--force")
    assert code == 0 and (tmp_path / "answer.html").read_text() == classroom.page_html()


def test_sheet_with_students_prints_each_students_questions_then_one_key(tmp_path, capsys):
    import pypdfium2 as pdfium

    roster = save(tmp_path, "r.txt", "Ann\nBob\nCy\n")
    code, out, _ = run(capsys, "sheet", "piquet", "--kind", "point", "--count", "2", "--seed", "3", "--students", roster,
                       "--out", tmp_path / "c.pdf")
    assert code == 0 and "3 students' variants" in out
    pdf = pdfium.PdfDocument(str(tmp_path / "c.pdf"))
    texts = [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
    sets = variants(make_set("piquet", "point", 2, 3).code, ["Ann", "Bob", "Cy"])
    firsts = [next(i for i, t in enumerate(texts) if f"Set {v.code}" in t) for _, v in sets]
    assert firsts == sorted(firsts) and all(f"Name: {n}" in texts[i] for (n, _), i in zip(sets, firsts))
    key = "".join(texts[firsts[-1] + 1:])
    assert all(f"Key to set {v.code} ({n})" in key for n, v in sets)


def test_class_collect_writes_the_table_and_lists_the_flagged_files(tmp_path, capsys):
    ex = make_set("piquet", "point", 2, 3)
    a = save(tmp_path, "ann.json", result(ex, "Ann", key_answers(ex)))
    bad = result(ex, "Bob", key_answers(ex))
    bad["score"] = 1
    b = save(tmp_path, "bob.json", bad)
    code, out, _ = run(capsys, "class", "collect", a, b, "--code", ex.code, "--out", tmp_path)
    assert code == 0 and "1 student(s), 1 file(s) flagged" in out
    assert "flagged bob.json: edited: its signature does not match its contents; edited: its answers score 2 of 2, not the 1" in out
    assert (tmp_path / f"class-{ex.code}.html").is_file()
    code, _, err = run(capsys, "class", "collect", a, "--code", ex.code, "--out", tmp_path)
    assert code == 2 and "exists: give --force" in err


@pytest.mark.parametrize("argv, token", [
    (["exercises", "piquet", "--kind", "point", "--students", "{missing}"], "cannot read the roster"),
    (["exercises", "piquet", "--kind", "point", "--students", ""], "--students names the roster file"),
    (["exercises", "piquet", "--kind", "point", "--students", "{dup}"], "twice"),
    (["sheet", "piquet", "--kind", "point", "--students", "{odd}", "--out", "{tmp}/x.pdf"], "LESS-THAN SIGN"),
    (["sheet", "piquet", "--kind", "point", "--students", "{empty}", "--out", "{tmp}/x.pdf"], "names nobody"),
    (["exercises", "piquet", "--kind", "point", "--answer-page", "{missing}"], "is not a folder"),
    (["exercises", "piquet", "--kind", "point", "--answer-page", ""], "--answer-page names a folder"),
    (["exercises", "piquet", "--kind", "point", "--feedback"], "--feedback goes with --answer-page"),
    (["exercises", "piquet", "--kind", "point", "--force"], "--force goes with --answer-page"),
    (["exercises", "piquet", "--kind", "point", "--answer-page", "{tmp}", "--key"], "--key does not go with --answer-page"),
    (["exercises", "piquet", "--kind", "point", "--answer-page", "{tmp}", "--json"], "--json does not go with --answer-page"),
    (["class", "collect", "{tmp}/a.json"], "--code"),
    (["class", "collect", "--code", "ex-piquet-point-2-3-xx"], "RESULT"),
    (["class", "collect", "{tmp}/a.json", "--code", "ex-piquet-point-2-3-xx"], "damaged"),
    (["class", "collect", "{tmp}/a.json", "--code", "\u212a" * 500], "…"),
    (["class", "collect", "{missing}", "--code", "{code}"], "is not a file"),
    (["class", "collect", "{tmp}/a.json", "--code", "{code}", "--out", "{missing}"], "is not a folder"),
    (["class", "collect", "{tmp}/a.json", "--code", "{code}", "--out", ""], "--out names a folder"),
    (["class", "collect", "{tmp}/a.json", "--code", "{code}", "--students", "{dup}"], "twice"),
    (["class", "collect", "{tmp}/a.json", "--code", "{code}", "--students", ""], "--students names the roster file"),
    (["class", "gather", "{tmp}/a.json"], "invalid choice: 'gather'"),
    (["class"], "required"),
])
def test_bad_input_to_the_class_commands_is_one_line_and_exit_2(tmp_path, capsys, argv, token):
    ex = make_set("piquet", "point", 2, 3)
    save(tmp_path, "a.json", result(ex, "Ann", key_answers(ex)))
    names = {"missing": tmp_path / "none", "tmp": tmp_path, "code": ex.code, "dup": save(tmp_path, "d.txt", "Ann\nann\n"),
             "odd": save(tmp_path, "o.txt", "Ann\nB<b\n"), "empty": save(tmp_path, "e.txt", "")}
    before = sorted(p.name for p in tmp_path.iterdir())
    code, out, err = run(capsys, *[a.format(**names) for a in argv])
    assert code == 2 and out == "", err
    assert err.count("\n") == 1 and token in err and "Traceback" not in err and len(err) < 600
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # nothing written


def test_a_name_a_spreadsheet_would_take_for_a_formula_is_written_as_text(tmp_path):
    ex = make_set("piquet", "point", 2, 4)
    table = collect([save(tmp_path, "a.json", result(ex, "=HYPERLINK(1)", key_answers(ex)))], ex.code)
    assert list(csv.reader(io.StringIO(table.csv())))[1][1] == "'=HYPERLINK(1)"


def test_answer_here_shows_the_page_with_its_set_inside_and_no_key_in_clear():
    import html as html_module

    from tutor.errors import TutorError

    ex = make_set("piquet", "score", 2, 6)
    shown = classroom.answer_here(ex.code, feedback=True)._repr_html_()
    assert shown.startswith('<iframe class="tutor-answer-page"')
    doc = html_module.unescape(shown.split('srcdoc="', 1)[1].split('" style=', 1)[0])
    inline = json.loads(doc.split("window.TUTOR_INLINE_SET = ", 1)[1].split(";</script>", 1)[0])
    assert inline == classroom.page_set(ex, feedback=True)
    assert all(q.answer not in doc for q in ex.questions) and "</script>" in doc
    with pytest.raises(ClassError, match="feedback is True or False"):
        classroom.answer_here(ex.code, feedback="yes")
    with pytest.raises(TutorError, match="damaged"):
        classroom.answer_here(ex.code[:-1] + "x")


def test_the_answer_page_and_sheet_name_the_jack_as_the_games_chapters_do():
    # the Sixty-Six family's chapters say jack, Piquet's knave: the cards a screen reader names on a
    # student's answer page and a printed sheet say the same
    from tutor.exercises import make_set, questions_html

    for game, kind, word, other in (("sixtysix", "tricks", "jack of", "knave of"), ("piquet", "score", "knave of", "jack of")):
        ex = make_set(game, kind, 3, 5)
        names = [c["name"] for q in classroom.page_set(ex)["questions"] for r in q["rows"] for c in r["cards"]]
        assert any(n.startswith(word) for n in names) and not any(n.startswith(other) for n in names), game
        assert word in questions_html(ex, key=True) and other not in questions_html(ex, key=True)


def test_a_class_of_thirty_files_for_one_tricks_set_works_each_question_out_once(tmp_path, monkeypatch):
    # Each result file is marked against the set its code makes: a tricks question is played by the
    # strong computer (tenths of a second), so a set worked out again for each of thirty students
    # took minutes. A question made once is kept, and each file gets a copy of its own.
    from collections import OrderedDict

    from tutor import exercises

    monkeypatch.setattr(exercises, "_kept", OrderedDict(), raising=False)
    made = []
    tricks = next(k for k in kinds_for(load("sixtysix")) if k.name == "tricks")
    counted = exercises.Kind(tricks.name, tricks.title, lambda g, seed, n: made.append(seed) or tricks.make(g, seed, n))
    monkeypatch.setattr(type(load("sixtysix")), "exercise_kinds", lambda self: [counted])
    ex = make_set("sixtysix", "tricks", 3, 11)
    files = [save(tmp_path, f"s{i}.json", result(ex, f"Student {chr(65 + i // 26)}{chr(65 + i % 26)}", key_answers(ex)))
             for i in range(30)]
    table = collect(files, ex.code)
    assert len(table.results) == 30 and not table.flagged
    assert made == ["exercise/11/0", "exercise/11/1", "exercise/11/2"]
    # the same questions as made fresh, and a copy the caller may change without changing the next
    fresh = [tricks.make(load("sixtysix"), f"exercise/11/{i}", i + 1) for i in range(3)]
    assert list(ex.questions) == fresh
    ex.questions[0].data["scores"].clear()
    assert make_set("sixtysix", "tricks", 1, 11).questions[0] == fresh[0] and len(made) == 3
    # other rules, another seed: other questions, made
    make_set(load("sixtysix", marriages_at_the_end=True), "tricks", 1, 11)
    make_set("sixtysix", "tricks", 1, 12)
    assert made[3:] == ["exercise/11/0", "exercise/12/0"]
