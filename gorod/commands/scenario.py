"""`gorod scenario run FILE` and `gorod scenario check FILE...` (FORMAT.md)."""
from __future__ import annotations

import json

from gorod.scenarios import ScenarioError, check_refused, check_scenario, load_scenario, run_scenario


def register(sub) -> None:
    parser = sub.add_parser(
        "scenario", help="прогнать или проверить сценарии правил (../shared/scenarios/FORMAT.md)",
        description="Rules scenarios: small games written as YAML (FORMAT.md).")
    actions = parser.add_subparsers(dest="scenario_command", metavar="ACTION", required=True)
    run = actions.add_parser("run", help="разрешить сценарий и напечатать JSON по FORMAT.md",
                             description="Resolve every phase of FILE and print one JSON object "
                             "(FORMAT.md). Exit 0; on a file the engine cannot run, print "
                             '{"error": ...} naming the file, phase and order, and exit 2.')
    run.add_argument("file", metavar="FILE")
    run.set_defaults(handler=_run)
    check = actions.add_parser("check", help="прогнать сценарии и сравнить с их `expect`",
                               description="Run each FILE and compare with its `expect` blocks; "
                               "print each mismatch (file, phase, key, expected, got). Exit 1 on "
                               "any mismatch, 2 if a file cannot be run.")
    check.add_argument("files", nargs="+", metavar="FILE")
    check.add_argument("-q", "--quiet", action="store_true", help="print only mismatches and the summary")
    check.set_defaults(handler=_check)


def _run(args) -> int:
    try:
        output = run_scenario(load_scenario(args.file))
    except ScenarioError as exc:
        print(json.dumps({"error": str(exc)}, ensure_ascii=False))
        return 2
    print(json.dumps(output, ensure_ascii=False, indent=1))
    return 0


def _check(args) -> int:
    failed = errors = 0
    for path in args.files:
        try:
            scenario = load_scenario(path)
            problems = (check_refused(scenario) if scenario.refused is not None
                        else check_scenario(scenario, run_scenario(scenario)))
        except ScenarioError as exc:
            errors += 1
            print(f"ERROR {exc}")
            continue
        if problems:
            failed += 1
            for problem in problems:
                print(f"FAIL {problem}")
        elif not args.quiet:
            print(f"ok   {path}")
    total = len(args.files)
    print(f"{total - failed - errors} passed, {failed} failed" + (f", {errors} errors" if errors else ""))
    if errors:
        return 2
    return 1 if failed else 0
