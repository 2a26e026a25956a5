"""The handbook's own words for each role's briefing, quoted exactly (typing slips and all) from the
AD69 handbook with the section each comes from: `tests/printshop/test_briefing_paper.py` finds every
quote in the handbook's text, so a reworded line fails there.

A Senator gets the Senate, offices and the career ladder, oaths and the gods; a governor or a
procurator the province's revenue, spending and tax turns (a governor also what governing asks of
him); a legate or army commander his forces, marches, battles and sieges. Everyone gets the turn and
his characteristics. The tables that go with the battle and siege rules are the engine's, built in
`printshop.briefings`.
"""

from umpire.printing.briefing import Quote

PLAYER_ROLES = "II. PLAYER ROLES"
THE_TURN = "IV. THE TURN"
REVENUES = "VII. REVENUES"
EXPENDITURE = "VIII. EXPENDITURE"
WARFARE = "IX. WARFARE"
COMBAT = "X. COMBAT RESOLUTION"
EMPIRE = "XI. THE ROMAN EMPIRE"


def quotes(source: str, *texts: str) -> tuple[Quote, ...]:
    return tuple(Quote(source=source, text=text) for text in texts)


# II. PLAYER ROLES, MAIN TYPES: what each role is, keyed by Character.Role's value.
ROLE_WORDS = {
    "senator": quotes(f"{PLAYER_ROLES}, MAIN TYPES", "Senator : Member of the Senate in Rome."),
    "governor": quotes(
        f"{PLAYER_ROLES}, MAIN TYPES",
        "Governor of a province : The Governor is the person responsible for running the province. He is, in "
        "effect, the Emperor's deputy in this respect. The only things the Governor is not responsible for is "
        "the money - that is solely the Procurator's role.",
    ),
    "procurator": quotes(
        f"{PLAYER_ROLES}, MAIN TYPES",
        "Procurator of a Province : Entirely responsible for the finances of a Province. Occasionally, in some "
        "minor provinces, the procurator can act as the Governor.",
    ),
    "legate": quotes(
        f"{PLAYER_ROLES}, MAIN TYPES",
        "Legionary Legate : Commander of a Legion or other military formation.",
    ),
}

CHARACTERISTICS = quotes(
    f"{PLAYER_ROLES}, CHARACTERISTICS",
    "WEALTH: The number of talents amounting to the player's personal fortune. In some cases, characters may "
    "have a regular income from their own business or trading interests.",
    "SUPPORT: For political players (such as Senators in Rome), a level of personal political support in Rome, "
    "in particular the attitude of the feared Roman 'mob'. Political umpires will advise Senatorial players as "
    "and when this changes.",
    "MILITARY SKILL: This is a general military ability and experience. Some characters will have a high "
    "starting value to reflect their historically high military reputation.",
)

PERSONAL_INCOME = quotes(
    f"{REVENUES}, OTHER INCOME",
    "Personal Income: Each player is assumed to have their own income derived from land owning and trading "
    "interests. This income is listed in their player's personal briefing. It can be increased if additional "
    "honours and lands are gained, or decreased if, for example, Italia is ravaged by war.",
)

TURN = quotes(
    THE_TURN,
    "Each game turn represents 1 month and will take 20 minutes to resolve.",
    "1. Forces moved immediately. This must be done in the first minute or two of the turn.",
    "2. If this is the tax turn, calculate income and expenditure",
    "3. Resolve any combats",
    "During the entire turn players may write to other players or, if geographically co-located, meet with "
    "other players.",
) + quotes(
    "I. INTRODUCTION",
    "The important point to note is that the game will not wait for the players. As real time moves on so "
    "will the game.",
)

WINTER = quotes(f"{WARFARE}, WEATHER", "Winter is defined as the following periods, depending where you are:")

# ---- a Senator --------------------------------------------------------------------------------------

SENATE = quotes(
    f"{EMPIRE}, THE ROMAN CONSTITUTION",
    "The Senate operates in a sort of partnership with the Emperor. The Senate control Rome itself, Italy and "
    "the peaceful provinces and conducts the basic administration of law and the state. It administers the "
    "state treasury. It controls the election of magistrates and sits as a High Court of Justice. The Senate "
    "alone can make the Emperor's position constitutional.",
    "The Emperor convenes the Senate and can initiate legislation.",
    "Expression of Imperial will is in the form of edicts, which do not have the full force of law, but may "
    "gain that force by being ratified by the Senate.",
    "The peaceful provinces (that is those with no Legions in them) are left to the Senate to control, but the "
    "Emperor may intervene at his discretion if the situation warrants it. Rome and Italy are under the "
    "control of the Senate.",
) + quotes(
    "III. THE UMPIRE TEAM",
    "SENATE UMPIRES: These will be responsible for monitoring events in Rome itself, and will reflect the "
    "reactions of things like the Roman Mob.",
)

OFFICES_AND_CAREER = (
    quotes(
        f"{EMPIRE}, THE ORGANISATION IN AD69",
        "Governor: Appointed by the Emperor in the Imperial Provinces. Appointed by the Senate in Senatorial "
        "Provinces. Responsible for the general management of the province and acting as the Emperor/Senate's "
        "representative in the province.",
        "Procurator: Appointed by the Emperor in the Imperial Provinces. Appointed by the Senate in Senatorial "
        "Provinces. Responsible for all the finances of the province.",
        "Legionary Legate: Appointed by the Emperor. Commander of a Legion.",
    )
    + quotes(
        f"{EMPIRE}, SOCIAL CLASS",
        "Each of these classes has a rigid career structure, in which only permits movement by clearly defined "
        "promotion steps. In theory and in practice, movement from the Equitates class to the Senatorial class, "
        "placed the incomer at the bottom of the Senatorial progression. There were exceptions to this, but "
        "usually only by Imperial decree.",
    )
    + quotes(
        f"{EXPENDITURE}, CONSPICUOUS CONSUMPTION",
        "(6) Minor public works can be done to increase political influence. They will not much influence the "
        "mob, but they are required of the Sentorial class to maintain their position. At least one of these works "
        "must be undertaken every six months if a Senator in Rome is to maintain his political credibility. "
        "Popular with the Senate.",
    )
)

OATHS_AND_GODS = quotes(
    f"{EMPIRE}, GODS OF ROME",
    "The Gods Are Real The first thing to realise is that the Gods of Rome are a working religious system.",
    "The Umpire team will be looking out for realistic Roman piety, and rewarding players accordingly.",
    "Swearing Swearing an oath is very important. It should not be done lightly. There are a number of degrees "
    "of severity of oaths.",
    "1. Swearing on your honour or some such flimsy object. This will not be treated with that much respect by "
    "anyone - although making such promises to the Roman Mob might be dangerous.",
    "2. Swearing in the name of a specific god. Be careful, the god's don't like people who take their names in vain.",
    "3. Swearing in the name of a specific god in that god's temple. In this case the diety concerned will "
    "definately notice the oath, and certainly punish a transgressor.",
    "Making Offerings Players may wish to appease the gods by dedicating temples to their honour, making "
    "sacrifices at their temples or funding and organising a major festival in their honour. The gods will "
    "almost certainly be impressed by this. They will be even more impressed by appropriate appeasement (for "
    "example particular sacrifice to Mars before going to war).",
)

# ---- a governor or a procurator ---------------------------------------------------------------------

REVENUE_AND_SPENDING = (
    quotes(
        f"{REVENUES}, PROVINCIAL REVENUE",
        "Each province has a specific revenue per quarter. This assumes that tax collection and the infrastructure "
        "of the province is intact. Prolonged fighting in a province, or severe political disruption (such as a "
        "rebellion or looting) may serve to reduce the total revenue involved.",
    )
    + quotes(
        f"{EXPENDITURE}, GENERAL",
        "A clear distinction must be drawn between money which is in the 'central treasury' in a province and that "
        "which is with a player or military force.",
    )
    + quotes(
        f"{EXPENDITURE}, RAISING TROOPS",
        "All forces are paid for on a quarterly basis (that is every three monthly turns).",
        "Irrespective of the turn number within each quarterly sequence, on which a unit is raised, it will still "
        "need maintenance on the taxation turn.",
    )
    + quotes(
        f"{EXPENDITURE}, INFRASTRUCTURE COSTS",
        "Roads: See 'road cost' under the Provinces table. This is payable annually every March.",
        "Provincial Government Cost 1 talent per quarter",
    )
)

TAXATION = quotes(
    f"{EXPENDITURE}, PROVINCIAL GOVERNMENT & TAXATION",
    "The main use of this is to maintain the local infrastructure of the province and contribute to the "
    "imperial treasury for the upkeep of the Army.",
    "The amounts to be sent to Rome are normally the income of the province, less the normal infrastructre "
    "costs for roads and the upkeep of local legions. In some cases (where large military forces are present) "
    "the province will be receiving money from Rome rather than contributing.",
    "The provincial procurator is entirely responsible for the handling of money relating to the province. In "
    "game terms this means that the Region umpire will only hand out tax revenues to the procurator concerned. "
    "The Governor may not directly conduct any financial actions.",
    "Rome may call for an audit at any time, and could send a consul to inspect the provincial accounts. Income "
    "from provinces may be increased, but the provincials dislike change, and may become restless as a result.",
    "Each province will have a 'road cost' marked on the map. This is the amount required each spring for "
    "maintenance of the existing road net. It could be deferred, but that would look as though Rome doesn't "
    "care any more!",
)

GOVERNING = quotes(
    f"{EXPENDITURE}, PROVINCIAL GOVERNMENT & TAXATION",
    "1. Local legal problems. The Governors represent Roman law in their province, and some of the most knotty "
    "legal and political problems will be brought to them for their decision. These may not be ignored, since "
    "the empire must continue to exert its authority, even in time of grave political crisis.",
    "2. Maintaining the glory of Rome. The natives are usually impressed by the benefits of Roman "
    "civilisation, but only so long as those benefits are apparent.",
    "4. Maintaining Order. In the event that the natives become restless, some sort of action might be "
    "necessary to 'pacify' them. The best way is to ensure they don't become restless in the first place.",
)

# ---- a legate or an army commander ------------------------------------------------------------------

FORCES = (
    quotes(
        f"{WARFARE}, UNITS",
        "The main sub-unit of the legion is the vexillation (meaning, 'detatchment'). This is roughly equivalent to "
        "about 1000 men or 2 cohorts.",
    )
    + quotes(
        f"{WARFARE}, LIMITATIONS",
        "A Legion cannot consist of more than 5 vexillations of Legionaries plus 5 vexillations of Auxiliaries "
        "plus 10 vexilations of Raw Levies",
    )
    + quotes(
        f"{WARFARE}, ASSUMPTIONS",
        "Any unit that has fought in a battle, and won is automatically upgraded to 'Veteran', and a 'V' written on "
        "the counter.",
    )
    + quotes(
        f"{EXPENDITURE}, RAISING TROOPS",
        "Troops who are not maintained may refuse to move or fight, or change sides, disperse or start a rebellion "
        "of their own.",
    )
    + quotes(
        f"{EMPIRE}, GODS OF ROME",
        "Swearing allegiance is a bit like this, especially since it is traditional for Legions to swear allegiance "
        "to the Emperor. Whilst the legionary commander might change his mind about who he wishes to support, the "
        "troops will need a very good reason before they alter allegiance, once sworn.",
    )
)

MARCHES = quotes(
    f"{WARFARE}, LAND MOVEMENT",
    "A force may move up to 6 map points per turn.",
    "Players must move at the start of each turn if they wish to do so at all.",
    "Legionary forces (i.e. those with an Aquila present) must have a player with them to move. Individual "
    "vexillations may be sent on separate missions or left as garrisons without a player.",
    "Exceptionally, units may conduct a forced march of 8 map points, but their combat power is reduced as a "
    "result. Units may only force march on alternate moves.",
    "If contacted by an enemy force a player may withdraw from contact if the full movement allowance has not "
    "been used.",
)

BATTLES = (
    quotes(
        f"{COMBAT}, THE BATTLE SYSTEM",
        "Legion vs Legion battles must be with an Umpire present, if at all possible. Local battles involving "
        "detached vexillations (minor garrisons etc), can be dealt with by players.",
    )
    + quotes(
        f"{COMBAT}, THE PROCESS OF BATTLE",
        "A battle can only last for a maximum of 4 rounds of combat (including rounds of 'inaction' caused by "
        "mutual defence).",
    )
    + quotes(
        f"{COMBAT}, LOSSES",
        "Take the combat value of the winning army and divide it by 10. That is the number of units the loser "
        "loses. Take the combat value of the losing army and divide it by 20. That is the number of units the "
        "winner loses.",
    )
    + quotes(
        f"{COMBAT}, RISK TO PLAYER CHARACTERS IN BATTLE",
        "Any player taking an active part in a battle, i.e. gaining a bonus for personally joining the combat, must "
        "dice each round of combat he does so; a 1 on a d6 indicates that he has fallen in battle.",
    )
)

SIEGES = (
    quotes(
        f"{COMBAT}, THE SIEGE SYSTEM",
        "All Legions carry with them the ability to mount sieges. It just takes time to deploy.",
    )
    + quotes(
        f"{COMBAT}, SIEGE COMBAT RESULTS",
        "When conducting assaults, do not count raw levies - all other troop types count (including barbarian "
        "warbands).",
        "Multiply the combat value by the fortification value to get the Defence Combat Value.",
        "There is only one round of combat per month in a siege.",
    )
    + quotes(
        f"{COMBAT}, REDUCING DEFENCES",
        "A legion (of at least half strength) working for one month and doing nothing else can prepare a single set "
        "of siege engines suitable for one legion to use.",
        "One month of 'reduction' by an army with enough siege engines reduces the strength multiplier of a "
        "defended place by one.",
    )
)
