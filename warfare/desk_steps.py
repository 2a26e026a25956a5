"""The battle desk's order on a tablet: the step the umpire acts on now comes first, under the claim
bar; then the rounds fought, one line each; then the steps still to come; then the steps done, compact.

The steps are the handbook's (X. THE PROCESS OF BATTLE), each a template of its own under
templates/warfare/steps/; which are on the desk follows the battle's state."""

from dataclasses import dataclass

# In the handbook's order: 1 the choice to fight, 2 the tactical advantage, 3-4 the order of battle,
# 5-8 the rounds, then victory, losses and the news.
STEPS = ("decide", "advantage", "deploy", "next-round", "verdict", "losses", "publish")


@dataclass(frozen=True)
class DeskSteps:
    now: str
    coming: list[str]
    done: list[str]


def template(step):
    return f"warfare/steps/{step}.html"


def step_now(battle):
    """The one step the battle waits for. The order of battle is asked for before the first round
    until one is set; it may still be changed until that round is fought."""
    if battle.is_locked:
        return "publish"
    if battle.awaits_decision:
        return "decide"
    if battle.may_deploy and not any(fought.deployment for fought in battle.forces.all()):
        return "deploy"
    if battle.next_round_number:
        return "next-round"
    if battle.needs_verdict:
        return "verdict"
    return "losses"


def on_the_desk(battle, step):
    """A round's orders only while one is to be fought; the verdict only when the dice gave no
    victor; the losses once the battle is over."""
    if step == "next-round":
        return bool(battle.next_round_number)
    if step == "verdict":
        return battle.is_over and not battle.victor_by_dice
    if step == "losses":
        return battle.is_over
    return True


def get_desk_steps(battle):
    now = step_now(battle)
    shown = [step for step in STEPS if on_the_desk(battle, step)]
    at = shown.index(now)
    return DeskSteps(template(now), [template(s) for s in shown[at + 1 :]], [template(s) for s in shown[:at]])
