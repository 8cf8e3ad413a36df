"""The hooks into typer's internals (contrarius/cli/typer_hooks.py) are in place, and fail loudly when typer changes.

The hook replaces typer's internal ``typer.core.build_runtime_param`` so that a command whose
values need no converting never imports pydantic (about 60 ms of every command; see
benchmarks/README.md). When typer renames or stops using that function, ``install()`` leaves
typer alone: every command still works, only slower. These tests turn that silent slowdown
into a failure that says what to do (tests/test_cli_startup.py checks that the commands
run without pydantic). Not timed.
"""

#: What to do when a test here fails (also used by tests/test_cli_startup.py).
FIX = ("typer's internals changed (pyproject pins typer >=0.29,<0.30): adapt "
       "contrarius/cli/typer_hooks.py to the typer in use (its docstring says what each hook saves), "
       "or pin typer back; without the install hook every command imports pydantic (about 60 ms slower)")


def test_typer_still_has_every_private_name_the_hooks_touch():
    import importlib

    from contrarius.cli.typer_hooks import TOUCHED

    for module, name in TOUCHED:
        assert hasattr(importlib.import_module(module), name), f"{module}.{name} is gone: {FIX}"
    from typer.core import TyperGroup

    assert hasattr(TyperGroup, "_main_shell_completion"), f"TyperGroup._main_shell_completion is gone: {FIX}"


def test_typer_still_has_the_function_the_hook_replaces():
    from typer import core

    assert hasattr(core, "build_runtime_param"), FIX
    assert hasattr(core, "_TyperParameter"), FIX
    get = getattr(core._TyperParameter, "get_runtime_param", None)
    assert get is not None, FIX
    # typer looks the function up by its global name in typer.core when a parameter is used
    assert "build_runtime_param" in get.__code__.co_names, FIX


def test_the_hook_is_installed_once_the_cli_is_imported():
    import typer.core

    import contrarius.cli  # noqa: F401  (installs the hook)
    from contrarius.cli.typer_hooks import install

    assert install() is True, FIX
    assert typer.core.build_runtime_param.__module__ == "contrarius.cli.typer_hooks", FIX


def test_int_defaults_take_the_fast_path_and_return_what_typer_returns():
    from typer._coercion import build_runtime_param, resolve_type_descriptor
    from typer.models import OptionInfo

    from contrarius.cli.typer_hooks import _NOT_PLAIN, plain_value

    class Param:
        nargs = 1
        multiple = False

    for value in (0, 3, -2):
        desc = resolve_type_descriptor(int, OptionInfo())
        want = build_runtime_param(desc).coerce(value, param=Param(), ctx=None)
        got = plain_value(desc, value, False)
        assert got == want and type(got) is type(want)
    # bounds (min/max/clamp) are typer's to apply
    assert plain_value(resolve_type_descriptor(int, OptionInfo(min=1)), 0, False) is _NOT_PLAIN
    assert plain_value(resolve_type_descriptor(int, OptionInfo(max=1)), 5, False) is _NOT_PLAIN
    # a bool is not an int option's value as such
    assert plain_value(resolve_type_descriptor(int, OptionInfo()), True, False) is _NOT_PLAIN


def test_typer_still_reads_signatures_through_the_name_the_second_hook_replaces():
    # contrarius/cli/typer_hooks.py (_read_signatures_once) replaces typer.main's global
    # get_params_from_function; typer must still look it up by that name where it builds
    # a command (its parameters, its callback, each autocompletion callback)
    from typer import main

    import contrarius.cli  # noqa: F401  (installs the hooks)

    assert getattr(main.get_params_from_function, "_contrarius_once", False), FIX
    for name in ("_get_params_name_from_function", "get_callback", "get_param_completion"):
        fn = getattr(main, name, None)
        assert fn is not None, FIX
        assert "get_params_from_function" in fn.__code__.co_names, FIX


def test_a_function_is_read_once_and_the_command_is_the_same():
    # building play reads play's own signature twice and complete_city's twice (--build,
    # --partner-build): with the hook each is read once, and the command built is the
    # same as typer builds without it (every option, its flags, metavar, help, default)
    import typer.main as tm
    from typer.utils import get_params_from_function as typer_read

    from contrarius.cli import _app_for
    from contrarius.cli.completion import complete_city

    reads: list = []

    def counting(func):
        reads.append(func)
        return typer_read(func)

    def describe(cmd):
        sub = cmd.commands["play"]
        return [(p.name, tuple(p.opts), p.metavar, getattr(p, "help", None), p.default, p.multiple,
                 getattr(p, "is_flag", None), p._custom_shell_complete is not None) for p in sub.params]

    saved = tm.get_params_from_function
    try:
        tm.get_params_from_function = typer_read
        plain = describe(tm.get_command(_app_for(["play", "x", "y"])))
        from contrarius.cli.typer_hooks import _read_signatures_once

        tm.get_params_from_function = counting
        assert _read_signatures_once() is True
        once = describe(tm.get_command(_app_for(["play", "x", "y"])))
    finally:
        tm.get_params_from_function = saved
    assert once == plain
    assert reads.count(complete_city) == 1
    play_reads = [f for f in reads if f.__name__ == "play_cmd"]
    assert len(play_reads) == 1


def test_no_other_module_touches_typers_internals():
    # the fences: typer's private modules and names are used in contrarius/cli/typer_hooks.py,
    # and mirrored (named, never imported) by the TAB fast path contrarius/tab/fast.py, whose
    # own test (tests/test_tab_fast.py) fails when typer changes under it
    import re
    from pathlib import Path

    package = Path(__file__).resolve().parent.parent / "contrarius"
    private = re.compile(r"typer\._|typer\.(core|main|completion|models|utils|rich_utils)\b|_main_shell_completion")
    found = [f"{p.relative_to(package.parent)}:{n}" for p in sorted(package.rglob("*.py"))
             if p.relative_to(package).as_posix() not in ("cli/typer_hooks.py", "tab/fast.py")
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if private.search(line)]
    assert found == [], found
