"""The fastparams hook (contrarius/cli/fastparams.py) is in place, and fails loudly when typer changes.

The hook replaces typer's internal ``typer.core.build_runtime_param`` so that a command whose
values need no converting never imports pydantic (about 60 ms of every command; see
benchmarks/README.md). When typer renames or stops using that function, ``install()`` leaves
typer alone: every command still works, only slower. These tests turn that silent slowdown
into a failure that says what to do (tests/test_cli_startup.py checks that the commands
run without pydantic). Not timed.
"""

#: What to do when a test here fails (also used by tests/test_cli_startup.py).
FIX = ("typer's internals changed (pyproject pins typer >=0.29,<0.30): adapt "
       "contrarius/cli/fastparams.py (install) to the typer in use, or pin typer back; "
       "without the hook every command imports pydantic (about 60 ms slower)")


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
    from contrarius.cli.fastparams import install

    assert install() is True, FIX
    assert typer.core.build_runtime_param.__module__ == "contrarius.cli.fastparams", FIX


def test_int_defaults_take_the_fast_path_and_return_what_typer_returns():
    from typer._coercion import build_runtime_param, resolve_type_descriptor
    from typer.models import OptionInfo

    from contrarius.cli.fastparams import _NOT_PLAIN, plain_value

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
