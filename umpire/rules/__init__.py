"""Pure-Python rules engines, one package per ruleset.

Nothing below here imports Django or the apps (tests/test_layering.py holds that):
frozen inputs and dice in, a result with its working out.
"""
