#!/usr/bin/env python3
"""Runs the shell steps of a composite action (action.yml) as GitHub's runner would.

usage: run_action.py ACTION_YML INPUT=VALUE...

Each `run:` step gets its `env:` and its `${{ }}` expressions evaluated (inputs.*, with the
action's defaults, and steps.<id>.outputs.*); GITHUB_OUTPUT, GITHUB_PATH, RUNNER_TEMP and
GITHUB_ACTION_PATH are set as on a runner (RUNNER_TEMP and GITHUB_ACTION_PATH from the
environment). A step's `if:` is evaluated for the forms action.yml uses; `uses:` steps are
listed, not run (they need GitHub). Prints each step's name, stops at the first failing step
and exits with its code."""
import os
import re
import subprocess
import sys
import tempfile

import yaml


def main():
    action = yaml.safe_load(open(sys.argv[1]))
    inputs = {k: str(v.get("default", "")) for k, v in action.get("inputs", {}).items()}
    for arg in sys.argv[2:]:
        key, _, value = arg.partition("=")
        if key not in inputs:
            sys.exit(f"run_action: no input {key!r} in {sys.argv[1]}")
        inputs[key] = value
    outputs = {}
    env = dict(os.environ)

    def value(expr):
        expr = expr.strip()
        if m := re.fullmatch(r"inputs\.([\w-]+)", expr):
            return inputs[m[1]]
        if m := re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", expr):
            return outputs.get(m[1], {}).get(m[2], "")
        if m := re.fullmatch(r"'([^']*)'", expr):
            return m[1]
        raise SystemExit(f"run_action: cannot evaluate {expr!r}")

    def condition(expr):
        expr = re.sub(r"^\$\{\{(.*)\}\}$", r"\1", expr.strip()).strip()
        result = True
        for part in expr.split("&&"):
            part = part.strip()
            if part in ("always()", "success()"):
                continue
            m = re.fullmatch(r"(.+?)\s*(==|!=)\s*(.+)", part)
            if not m:
                raise SystemExit(f"run_action: cannot evaluate the condition {part!r}")
            equal = value(m[1]) == value(m[3])
            result = result and (equal if m[2] == "==" else not equal)
        return result

    def expand(text):
        return re.sub(r"\$\{\{(.*?)\}\}", lambda m: value(m[1]), str(text))

    for step in action["runs"]["steps"]:
        name = step.get("name", step.get("id", "?"))
        if "if" in step and not condition(str(step["if"])):
            print(f"== {name}: skipped", flush=True)
            continue
        if "uses" in step:
            print(f"== {name}: uses {step['uses']} (GitHub only)", flush=True)
            continue
        print(f"== {name}", flush=True)
        with tempfile.NamedTemporaryFile("r") as out, tempfile.NamedTemporaryFile("r") as path:
            step_env = dict(env, GITHUB_OUTPUT=out.name, GITHUB_PATH=path.name)
            step_env.update({k: expand(v) for k, v in step.get("env", {}).items()})
            code = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", expand(step["run"])],
                                  env=step_env).returncode
            outputs[step.get("id", name)] = dict(line.rstrip("\n").split("=", 1) for line in out if "=" in line)
            for line in path:
                env["PATH"] = line.strip() + os.pathsep + env["PATH"]
        if code != 0:
            print(f"== {name}: exit {code}", flush=True)
            sys.exit(code)
    for step_id, values in outputs.items():
        for key, val in values.items():
            print(f"output {step_id}.{key}={val}")


if __name__ == "__main__":
    main()
