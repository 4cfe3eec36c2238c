"""The glossary's source: every game term, by section, with the rulebook line
its Japanese and its Russian come from (see seeds.py for the citation form).

The words themselves live in the catalogs (locales/*/LC_MESSAGES/meeple.po);
this table says where they come from, and docs/i18n.md's glossary is generated
from both (`python -m meeple.i18n.glossary`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Term:
    key: str
    ja: str = ""  # citation of the Japanese, "" when translated
    ru: str = ""  # citation of the Russian, "" when translated
    note: str = ""


@dataclass(frozen=True)
class Section:
    title: str
    terms: tuple[Term, ...]


SECTIONS = (
    Section(
        "Ethnos: tribes",
        (
            Term("ethnos.tribe.centaur", ja="000:341", ru="001:421"),
            Term("ethnos.tribe.dwarf", ja="000:351", ru="001:299"),
            Term("ethnos.tribe.elf", ja="000:361", ru="001:497 ЭЛЬФОВ"),
            Term("ethnos.tribe.giant", ja="000:371", ru="001:398"),
            Term("ethnos.tribe.halfling", ja="000:383", ru="001:454"),
            Term("ethnos.tribe.merfolk", ja="000:393", ru="001:476"),
            Term("ethnos.tribe.minotaur", ja="000:407", ru="001:430"),
            Term("ethnos.tribe.orc", ja="000:416", ru="001:440"),
            Term("ethnos.tribe.skeleton", ja="000:428", ru="001:464"),
            Term("ethnos.tribe.troll", ja="000:440", ru="001:122"),
            Term("ethnos.tribe.wingfolk", ja="000:450", ru="001:389"),
            Term("ethnos.tribe.wizard", ja="000:460", ru="001:377"),
            Term("ethnos.tribe.fairy", ja="002:14", note="The Fairy promo has no Russian rulebook."),
        ),
    ),
    Section(
        "Ethnos: kingdoms",
        (
            Term(
                "ethnos.kingdom.althea",
                ru="001:484 Алтею",
                note="The Japanese rulebook prints the Latin name (000:403).",
            ),
            Term("ethnos.kingdom.duris", ja="000:175", ru="001:211"),
            Term("ethnos.kingdom.ithys", ja="002:165", ru="001:446"),
            Term("ethnos.kingdom.pelagon", note="Neither rulebook's text names it (it is on the board)."),
            Term("ethnos.kingdom.rhea", ja="000:225", ru="001:434 Рее"),
            Term("ethnos.kingdom.straton", ja="002:15", ru="001:425"),
        ),
    ),
    Section(
        "Ethnos: kingdom colours",
        (
            Term("ethnos.colour.green", ja="000:287", ru="001:319 зеленых"),
            Term("ethnos.colour.purple", ja="000:175", ru="001:211"),
            Term("ethnos.colour.orange", ja="000:424", ru="001:446 оранжевого"),
            Term("ethnos.colour.gray", note="No rulebook text names the gray kingdom's colour."),
            Term("ethnos.colour.red", ja="000:225", ru="001:434 красного"),
            Term("ethnos.colour.blue", ja="000:349", ru="001:425 синего"),
        ),
    ),
    Section(
        "Ethnos: tokens, boards and cards",
        (
            Term("ethnos.token.glory", ja="000:75", ru="001:111 жетоны славы"),
            Term("ethnos.token.giant", ja="000:79", ru="001:81"),
            Term("ethnos.token.troll", ja="000:446", ru="001:173 Жетоны троллей"),
            Term("ethnos.board.orc_horde", ja="000:63", ru="001:156"),
            Term("ethnos.board.merfolk", ja="000:67", ru="001:68"),
            Term("ethnos.card.dragon", ja="000:183", ru="001:271"),
            Term("ethnos.card.setup", ja="000:71", ru="001:116 карты для подготовки"),
            Term("ethnos.marker.control", ja="000:92", ru="001:243"),
        ),
    ),
    Section(
        "Ethnos: terms",
        (
            Term("ethnos.term.tribe", ja="000:83", ru="001:373"),
            Term("ethnos.term.kingdom", ja="000:44", ru="001:211"),
            Term("ethnos.term.band", ja="000:199", ru="001:235"),
            Term("ethnos.term.leader", ja="000:206", ru="001:242"),
            Term("ethnos.term.age", ja="000:131", ru="001:136 эпохи"),
            Term("ethnos.term.glory", ja="000:50", ru="001:50 славы"),
            Term("ethnos.term.glory_track", ja="000:110", ru="001:115 шкалы славы"),
            Term("ethnos.term.deck", ja="000:167", ru="001:168"),
            Term("ethnos.term.recruit", ja="000:157", ru="001:191"),
            Term("ethnos.term.play_band", ja="000:159", ru="001:195"),
            Term("ethnos.term.hand_limit", ja="000:171", ru="001:207"),
        ),
    ),
    Section(
        "Anunnaki: houses",
        (
            Term("anunnaki.house.pharaos", ja="003:800"),
            Term("anunnaki.house.norrenis", ja="003:824"),
            Term("anunnaki.house.babylon", ja="003:856"),
            Term("anunnaki.house.ellenys", ja="003:880"),
        ),
    ),
    Section(
        "Anunnaki: major gods",
        (
            Term("anunnaki.god.ra", ja="003:806"),
            Term("anunnaki.god.odin", ja="003:830"),
            Term("anunnaki.god.ishtar", ja="003:862"),
            Term("anunnaki.god.zeus", ja="003:886"),
        ),
    ),
    Section(
        "Anunnaki: minor gods",
        (
            Term("anunnaki.god.anubis", note="The Japanese text prints アスビス (003:810), a misreading of アヌビス."),
            Term("anunnaki.god.bastet", ja="003:812"),
            Term("anunnaki.god.horus", ja="003:814"),
            Term("anunnaki.god.isis", ja="003:816"),
            Term("anunnaki.god.osiris", ja="003:818"),
            Term("anunnaki.god.sekhmet", ja="003:820"),
            Term("anunnaki.god.set", ja="003:822"),
            Term("anunnaki.god.aegir", ja="003:842"),
            Term("anunnaki.god.freyja", ja="003:844"),
            Term("anunnaki.god.freyr", ja="003:846"),
            Term("anunnaki.god.frigg", ja="003:848"),
            Term("anunnaki.god.heimdall", ja="003:850"),
            Term("anunnaki.god.loki", ja="003:852"),
            Term("anunnaki.god.thor", ja="003:854"),
            Term("anunnaki.god.anu", note="The Japanese text prints アス (003:866), a misreading of アヌ."),
            Term("anunnaki.god.ashur", ja="003:868"),
            Term("anunnaki.god.enki", ja="003:870"),
            Term("anunnaki.god.enlil", ja="003:872"),
            Term("anunnaki.god.marduk", ja="003:874"),
            Term("anunnaki.god.ninhursag", ja="003:876"),
            Term("anunnaki.god.ninlil", ja="003:878"),
            Term("anunnaki.god.ares", ja="003:890"),
            Term("anunnaki.god.athena", ja="003:892"),
            Term("anunnaki.god.demeter", ja="003:894"),
            Term("anunnaki.god.hades", ja="003:896"),
            Term("anunnaki.god.hera", ja="003:898"),
            Term("anunnaki.god.hermes", ja="003:900"),
            Term("anunnaki.god.poseidon", ja="003:902"),
        ),
    ),
    Section(
        "Anunnaki: weapons",
        (
            Term("anunnaki.weapon.long_shield", ja="003:622"),
            Term("anunnaki.weapon.slingshot", ja="003:784"),
            Term("anunnaki.weapon.dagger", ja="003:622"),
            Term("anunnaki.weapon.short_bow", ja="003:587"),
            Term("anunnaki.weapon.double_axe", ja="003:632"),
            Term("anunnaki.weapon.viking_helmet", ja="003:786"),
            Term(
                "anunnaki.weapon.composite_bow",
                note="The Japanese text prints コンボジットボウ (003:788), a misreading of コンポジットボウ.",
            ),
            Term("anunnaki.weapon.chariot", ja="003:790"),
            Term("anunnaki.weapon.long_spear", ja="003:792"),
            Term("anunnaki.weapon.ballista", note="Named in no seed line (its card only)."),
            Term("anunnaki.weapon.basic", ja="003:191"),
            Term("anunnaki.weapon.advanced", ja="003:612"),
        ),
    ),
    Section(
        "Anunnaki: action tiles",
        (
            Term("anunnaki.action.portal", ja="003:324"),
            Term("anunnaki.action.move", ja="003:772"),
            Term("anunnaki.action.commerce", ja="003:362"),
            Term("anunnaki.action.harvest", ja="003:384"),
            Term("anunnaki.action.creation", ja="003:400"),
            Term("anunnaki.action.income", ja="003:416"),
            Term("anunnaki.action.domination", ja="003:428"),
            Term("anunnaki.action.market", ja="003:445"),
            Term("anunnaki.tile.blue", ja="003:266"),
            Term("anunnaki.tile.red", ja="003:459"),
            Term("anunnaki.tile.action", ja="003:111"),
            Term("anunnaki.tile.ancient", ja="003:46"),
            Term("anunnaki.tile.objective", ja="003:38"),
            Term("anunnaki.tile.contract", ja="003:58"),
            Term("anunnaki.tile.underworld", ja="003:54"),
        ),
    ),
    Section(
        "Anunnaki: tracks",
        (
            Term("anunnaki.track.war", ja="003:193"),
            Term("anunnaki.track.tech", ja="003:193"),
            Term("anunnaki.track.commerce", ja="003:193"),
            Term("anunnaki.track.development", ja="003:193"),
            Term("anunnaki.track.domination", ja="003:193"),
            Term("anunnaki.track.vp", ja="003:193"),
        ),
    ),
    Section(
        "Anunnaki: tokens and pieces",
        (
            Term("anunnaki.token.culture", ja="003:69"),
            Term("anunnaki.token.mana", ja="003:73"),
            Term("anunnaki.token.exhaust", ja="003:76"),
            Term("anunnaki.token.destiny", ja="003:82"),
            Term("anunnaki.token.pandora", ja="003:89"),
            Term("anunnaki.token.vp2", ja="003:42"),
            Term("anunnaki.token.atlantis_god", ja="003:65"),
            Term("anunnaki.token.minor_summon", ja="003:119"),
            Term("anunnaki.token.major_summon", ja="003:131"),
            Term("anunnaki.piece.cube", ja="003:107"),
            Term("anunnaki.piece.pawn", ja="003:103"),
            Term("anunnaki.piece.start_player", ja="003:50"),
            Term("anunnaki.piece.follower", ja="003:163"),
            Term("anunnaki.piece.minor_god", ja="003:159"),
            Term("anunnaki.piece.major_god", ja="003:155"),
            Term("anunnaki.piece.settlement", ja="003:115"),
            Term("anunnaki.piece.unit", ja="003:151"),
        ),
    ),
    Section(
        "Anunnaki: resources",
        (
            Term("anunnaki.resource.food", ja="003:282"),
            Term("anunnaki.resource.wood", ja="003:282"),
            Term("anunnaki.resource.metal", ja="003:282"),
            Term("anunnaki.resource.gold", ja="003:282"),
            Term("anunnaki.resource.any", ja="003:294"),
        ),
    ),
    Section(
        "Anunnaki: artifacts",
        (
            Term("anunnaki.artifact.horn_of_plenty", ja="003:913"),
            Term("anunnaki.artifact.mirror", ja="003:915"),
            Term("anunnaki.artifact.underworld_map", ja="003:917"),
            Term("anunnaki.artifact.pandora", ja="003:919"),
            Term("anunnaki.artifact.scarab", ja="003:921"),
            Term("anunnaki.artifact.destiny", ja="003:923"),
        ),
    ),
    Section(
        "Anunnaki: objective tiles",
        (
            Term("anunnaki.objective.shrines", ja="003:670"),
            Term("anunnaki.objective.settlements", ja="003:675"),
            Term("anunnaki.objective.regions", ja="003:680"),
            Term("anunnaki.objective.units", ja="003:686"),
        ),
    ),
    Section(
        "Anunnaki: terms",
        (
            Term("anunnaki.term.region", ja="003:280"),
            Term("anunnaki.term.shrine", ja="003:286"),
            Term("anunnaki.term.capital", ja="003:284"),
            Term("anunnaki.term.planet", ja="003:276"),
            Term("anunnaki.term.home_planet", ja="003:175"),
            Term("anunnaki.term.gaia", ja="003:286"),
            Term("anunnaki.term.atlantis", ja="003:286"),
            Term("anunnaki.term.battle", ja="003:259"),
            Term("anunnaki.term.strength", ja="003:300"),
            Term("anunnaki.term.vp", ja="003:222"),
            Term("anunnaki.term.main_action", ja="003:256"),
            Term("anunnaki.term.mana_action", ja="003:257"),
            Term("anunnaki.term.extra_action", ja="003:258"),
            Term("anunnaki.term.action_star", ja="003:172"),
            Term("anunnaki.term.develop", ja="003:489"),
            Term("anunnaki.term.settle", ja="003:508"),
            Term("anunnaki.term.summon", ja="003:524"),
            Term("anunnaki.term.fulfil", ja="003:228"),
            Term("anunnaki.term.house", ja="003:174"),
            Term("anunnaki.term.god_card", ja="003:659"),
            Term("anunnaki.term.weapon_card", ja="003:143"),
            Term("anunnaki.term.artifact_card", ja="003:86"),
            Term("anunnaki.term.lightning", ja="003:921"),
        ),
    ),
    Section(
        "The Old King's Crown: factions",
        (
            Term("okc.faction.nobility", ja="004:179"),
            Term("okc.faction.clans", ja="004:189"),
            Term("okc.faction.uprising", ja="004:215"),
            Term("okc.faction.gathering", ja="004:189"),
        ),
    ),
    Section(
        "The Old King's Crown: faction cards",
        (
            Term("okc.card.ruse", ja="004:355"),
            Term("okc.card.trader", note="Kept in English as the Japanese rulebook keeps card names."),
            Term("okc.card.follower", note="Kept in English as the Japanese rulebook keeps card names."),
            Term("okc.card.agent", ja="004:383"),
            Term("okc.card.cavalry", note="Kept in English as the Japanese rulebook keeps card names."),
            Term("okc.card.war_machine", note="Kept in English as the Japanese rulebook keeps card names."),
            Term("okc.card.captain", ja="004:270"),
            Term("okc.card.heir", ja="004:270"),
            Term("okc.card.champion", note="Kept in English as the Japanese rulebook keeps card names."),
            Term("okc.card.hq", ja="004:124"),
            Term("okc.term.faction_card", ja="004:96"),
            Term("okc.term.advanced_card", ja="004:97"),
            Term("okc.term.basic_card", ja="004:98"),
            Term("okc.term.supply", ja="004:75"),
            Term("okc.term.kingdom_card", ja="004:138"),
            Term("okc.term.active_card", ja="004:260"),
        ),
    ),
    Section(
        "The Old King's Crown: kingdom card suits",
        (
            Term("okc.suit.trade", ja="004:142"),
            Term("okc.suit.intrigue", ja="004:144"),
            Term("okc.suit.martial", ja="004:143"),
        ),
    ),
    Section(
        "The Old King's Crown: regions and locations",
        (
            Term("okc.region.highlands", ja="004:364"),
            Term("okc.region.plateau", ja="004:307"),
            Term("okc.region.lowlands", ja="004:58 LOWLANDS"),
            Term("okc.location.castle", ja="004:56"),
            Term("okc.location.wilderness", ja="004:56"),
            Term("okc.location.harvest_field", ja="004:57"),
            Term("okc.location.battlefield", ja="004:57"),
            Term("okc.location.shrine", ja="004:58"),
            Term("okc.location.necropolis", ja="004:58"),
        ),
    ),
    Section(
        "The Old King's Crown: councils",
        (
            Term("okc.council.relics", ja="004:65"),
            Term("okc.council.secrets", ja="004:66"),
            Term("okc.council.oaths", ja="004:67"),
        ),
    ),
    Section(
        "The Old King's Crown: traits",
        (
            Term("okc.trait.invulnerable", ja="004:390"),
            Term("okc.trait.pathfinder", ja="004:393"),
            Term("okc.trait.resilient", ja="004:387"),
        ),
    ),
    Section(
        "The Old King's Crown: commands",
        (
            Term("okc.command.ambush", ja="004:351"),
            Term("okc.command.retreat", ja="004:356"),
            Term("okc.command.flank", ja="004:360"),
            Term("okc.command.rally", ja="004:365"),
            Term("okc.command.rally_self", ja="004:367"),
            Term(
                "okc.command.rally_two", note="The Japanese rulebook prints the general form Rally (Any X) (004:368)."
            ),
            Term("okc.command.deploy", ja="004:370"),
            Term("okc.command.deadly", ja="004:377"),
            Term(
                "okc.command.ambush_from_discard",
                note="The Gathering HQ's Ambush, which may take its card from the discard.",
            ),
            Term("okc.command.retreat_journey", note="martial-10: on Retreat the card may journey."),
        ),
    ),
    Section(
        "The Old King's Crown: terms",
        (
            Term("okc.term.influence", ja="004:158"),
            Term("okc.term.lore", ja="004:110"),
            Term("okc.term.herald", ja="004:86"),
            Term("okc.term.supporter", ja="004:88"),
            Term("okc.term.clash", ja="004:101"),
            Term("okc.term.clash_marker", ja="004:248"),
            Term("okc.term.bid", ja="004:101"),
            Term("okc.term.govern", ja="004:68"),
            Term("okc.term.journey", ja="004:111"),
            Term("okc.term.occupy", ja="004:199"),
            Term("okc.term.steal", ja="004:475"),
            Term("okc.term.tactic_tile", ja="004:151"),
            Term("okc.term.exhausted", note="The rulebook names only the unexhausted side (使用可能状態, 004:156)."),
            Term("okc.term.unexhausted", ja="004:156"),
            Term("okc.term.favour", ja="004:82"),
            Term("okc.term.great_road", ja="004:52"),
            Term("okc.term.site_of_power", ja="004:94"),
            Term("okc.term.lost_pile", ja="004:69"),
            Term("okc.term.discard", ja="004:90"),
            Term("okc.term.deck", ja="004:84"),
            Term("okc.term.order_track", ja="004:50"),
            Term("okc.term.round_track", ja="004:59"),
            Term("okc.term.strength", ja="004:100"),
            Term("okc.term.votes", ja="004:108"),
            Term("okc.term.archetype", ja="004:102"),
            Term("okc.term.trait", ja="004:104"),
            Term("okc.term.command", ja="004:35"),
            Term("okc.term.council", ja="004:63"),
            Term("okc.term.region", ja="004:55"),
            Term("okc.term.location", ja="004:56"),
            Term("okc.term.faction_token", ja="004:434"),
            Term("okc.term.hand_size", ja="004:78"),
            Term("okc.term.attrition", ja="004:171"),
            Term("okc.term.eliminate", ja="004:378"),
            Term("okc.term.burn", ja="004:412"),
            Term("okc.term.blank", ja="004:467"),
            Term("okc.term.round", ja="004:59"),
            Term("okc.term.skirmish", ja="004:507"),
            Term("okc.term.advanced_setup", ja="004:509"),
        ),
    ),
    Section(
        "The Old King's Crown: seasons and steps",
        (
            Term("okc.season.start_of_year", ja="004:162"),
            Term("okc.season.spring", ja="004:163"),
            Term("okc.season.summer", ja="004:164"),
            Term("okc.season.autumn", ja="004:165"),
            Term("okc.season.winter", ja="004:166"),
            Term("okc.step.spring_action", ja="004:231"),
            Term("okc.step.day_action", ja="004:254"),
            Term("okc.step.night_effects", ja="004:255"),
            Term("okc.step.autumn_action", ja="004:310"),
            Term("okc.step.winter_effects", ja="004:331"),
        ),
    ),
    Section(
        "The Old King's Crown: location rewards",
        (
            Term(
                "okc.location_reward.castle",
                note="The location's printed extra reward (shared/data/okc.md; the seed's LOCATION REWARDS, 004:301).",
            ),
            Term(
                "okc.location_reward.wilderness",
                note="The location's printed extra reward (shared/data/okc.md; the seed's LOCATION REWARDS, 004:301).",
            ),
            Term(
                "okc.location_reward.harvest_field",
                note="The location's printed extra reward (shared/data/okc.md; the seed's LOCATION REWARDS, 004:301).",
            ),
            Term(
                "okc.location_reward.shrine",
                note="The location's printed extra reward (shared/data/okc.md; the seed's LOCATION REWARDS, 004:301).",
            ),
            Term(
                "okc.location_reward.necropolis",
                note="The location's printed extra reward (shared/data/okc.md; the seed's LOCATION REWARDS, 004:301).",
            ),
        ),
    ),
    Section(
        "The Old King's Crown: kingdom cards",
        (
            Term(
                "okc.kingdom.trade.1", note="The card's short text (card image, shared/data/okc.md); no seed prints it."
            ),
            Term(
                "okc.kingdom.trade.2", note="The card's short text (card image, shared/data/okc.md); no seed prints it."
            ),
            Term(
                "okc.kingdom.trade.3", note="The card's short text (card image, shared/data/okc.md); no seed prints it."
            ),
            Term(
                "okc.kingdom.trade.4", note="The card's short text (card image, shared/data/okc.md); no seed prints it."
            ),
            Term(
                "okc.kingdom.trade.5", note="The card's short text (card image, shared/data/okc.md); no seed prints it."
            ),
            Term(
                "okc.kingdom.trade.6", note="The card's short text (card image, shared/data/okc.md); no seed prints it."
            ),
            Term(
                "okc.kingdom.trade.7", note="The card's short text (card image, shared/data/okc.md); no seed prints it."
            ),
            Term(
                "okc.kingdom.trade.8", note="The card's short text (card image, shared/data/okc.md); no seed prints it."
            ),
            Term(
                "okc.kingdom.trade.9", note="The card's short text (card image, shared/data/okc.md); no seed prints it."
            ),
            Term(
                "okc.kingdom.trade.10",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.trade.11",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.trade.12",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.trade.13",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.trade.14",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.trade.15",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.trade.16",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.trade.17",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.intrigue.1",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.intrigue.2",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.intrigue.3",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.intrigue.4",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.intrigue.5",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.intrigue.6",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.intrigue.7",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.intrigue.8",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.intrigue.9",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.intrigue.10",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.intrigue.11",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.intrigue.12",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.intrigue.13",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.intrigue.14",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.intrigue.15",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.intrigue.16",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.intrigue.17",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.martial.1",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.martial.2",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.martial.3",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.martial.4",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.martial.5",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.martial.6",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.martial.7",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.martial.8",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.martial.9",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.martial.10",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.martial.11",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.martial.12",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.martial.13",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.martial.14",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.martial.15",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.martial.16",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term(
                "okc.kingdom.martial.17",
                note="The card's short text (card image, shared/data/okc.md); no seed prints it.",
            ),
            Term("okc.kingdom.name", note="A kingdom card's name: its suit and number (Trade 1)."),
        ),
    ),
    Section(
        "The Old King's Crown: tactic tiles",
        (
            Term("okc.tactic.nobility.1", note="The tile's text (card image, shared/data/okc.md); no seed prints it."),
            Term("okc.tactic.nobility.2", note="The tile's text (card image, shared/data/okc.md); no seed prints it."),
            Term("okc.tactic.nobility.3", note="The tile's text (card image, shared/data/okc.md); no seed prints it."),
            Term("okc.tactic.nobility.4", note="The tile's text (card image, shared/data/okc.md); no seed prints it."),
            Term("okc.tactic.clans.1", note="The tile's text (card image, shared/data/okc.md); no seed prints it."),
            Term("okc.tactic.clans.2", note="The tile's text (card image, shared/data/okc.md); no seed prints it."),
            Term("okc.tactic.clans.3", note="The tile's text (card image, shared/data/okc.md); no seed prints it."),
            Term("okc.tactic.clans.4", note="The tile's text (card image, shared/data/okc.md); no seed prints it."),
            Term("okc.tactic.uprising.1", note="The tile's text (card image, shared/data/okc.md); no seed prints it."),
            Term("okc.tactic.uprising.2", note="The tile's text (card image, shared/data/okc.md); no seed prints it."),
            Term("okc.tactic.uprising.3", note="The tile's text (card image, shared/data/okc.md); no seed prints it."),
            Term("okc.tactic.uprising.4", note="The tile's text (card image, shared/data/okc.md); no seed prints it."),
            Term("okc.tactic.gathering.1", note="The tile's text (card image, shared/data/okc.md); no seed prints it."),
            Term("okc.tactic.gathering.2", note="The tile's text (card image, shared/data/okc.md); no seed prints it."),
            Term("okc.tactic.gathering.3", note="The tile's text (card image, shared/data/okc.md); no seed prints it."),
            Term("okc.tactic.gathering.4", note="The tile's text (card image, shared/data/okc.md); no seed prints it."),
        ),
    ),
    Section(
        "The Old King's Crown: the Kingdom's Favour of each faction",
        (
            Term("okc.favour.nobility", note="The player board's text (shared/data/okc.md); no seed prints it."),
            Term("okc.favour.clans", note="The player board's text (shared/data/okc.md); no seed prints it."),
            Term("okc.favour.uprising", note="The player board's text (shared/data/okc.md); no seed prints it."),
            Term("okc.favour.gathering", note="The player board's text (shared/data/okc.md); no seed prints it."),
        ),
    ),
    Section(
        "Counting (plural forms and Japanese counters)",
        (
            Term("common.count.cards", ja="000:140", ru="001:145", note="Cards are counted with 枚."),
            Term("ethnos.count.glory", ja="002:186", ru="001:416", note="The Russian rulebook writes 「10 славы」."),
            Term("anunnaki.count.followers", ja="003:163", note="Followers and units are counted with 体."),
            Term("anunnaki.count.gods", ja="003:524", note="Gods are counted with 柱."),
            Term("anunnaki.count.cubes", ja="003:107", note="Cubes, crystals and settlements are counted with 個."),
            Term("anunnaki.count.vp", ja="003:656"),
            Term("okc.count.influence", ja="004:179"),
            Term("okc.count.lore", note="Written as the rulebook writes a gain (伝承+1)."),
        ),
    ),
    Section(
        "Words events name (translated; events.po)",
        (
            Term("anunnaki.vp_why.income"),
            Term("anunnaki.vp_why.horn"),
            Term("anunnaki.vp_why.god"),
            Term("anunnaki.vp_why.contract"),
            Term("anunnaki.vp_why.battle"),
            Term("anunnaki.vp_why.culture"),
            Term("anunnaki.vp_why.artifact"),
            Term("anunnaki.mana.red"),
            Term("anunnaki.mana.blue"),
            Term("anunnaki.mana.weapons"),
            Term("anunnaki.mana.develop"),
            Term("anunnaki.mana.settle"),
            Term("anunnaki.mana.followers"),
            Term("anunnaki.mana.mirror"),
            Term("anunnaki.created.food"),
            Term("anunnaki.created.wood"),
            Term("anunnaki.created.metal"),
            Term("anunnaki.created.gold"),
            Term("anunnaki.exhausted.food"),
            Term("anunnaki.exhausted.wood"),
            Term("anunnaki.exhausted.metal"),
            Term("anunnaki.exhausted.gold"),
            Term("anunnaki.half.middle"),
            Term("anunnaki.half.bottom"),
            Term("okc.deck_end.top"),
            Term("okc.deck_end.bottom"),
            Term("okc.source.hand"),
            Term("okc.source.discard"),
            Term("anunnaki.region.uw"),
            Term("anunnaki.region.ph1"),
            Term("anunnaki.region.ph2"),
            Term("anunnaki.region.ph3"),
            Term("anunnaki.region.ph4"),
            Term("anunnaki.region.ph5"),
            Term("anunnaki.region.ph6"),
            Term("anunnaki.region.ph7"),
            Term("anunnaki.region.no1"),
            Term("anunnaki.region.no2"),
            Term("anunnaki.region.no3"),
            Term("anunnaki.region.no4"),
            Term("anunnaki.region.no5"),
            Term("anunnaki.region.no6"),
            Term("anunnaki.region.no7"),
            Term("anunnaki.region.ba1"),
            Term("anunnaki.region.ba2"),
            Term("anunnaki.region.ba3"),
            Term("anunnaki.region.ba4"),
            Term("anunnaki.region.ba5"),
            Term("anunnaki.region.ba6"),
            Term("anunnaki.region.ba7"),
            Term("anunnaki.region.el1"),
            Term("anunnaki.region.el2"),
            Term("anunnaki.region.el3"),
            Term("anunnaki.region.el4"),
            Term("anunnaki.region.el5"),
            Term("anunnaki.region.el6"),
            Term("anunnaki.region.el7"),
            Term("anunnaki.region.g1"),
            Term("anunnaki.region.g2"),
            Term("anunnaki.region.g3"),
            Term("anunnaki.region.g4"),
            Term("anunnaki.region.g5"),
            Term("anunnaki.region.g6"),
            Term("anunnaki.region.g7"),
            Term("anunnaki.region.g8"),
            Term("anunnaki.region.g9"),
            Term("anunnaki.region.g10"),
            Term("anunnaki.region.g11"),
            Term("anunnaki.region.g12"),
            Term("anunnaki.region.g13"),
            Term("anunnaki.region.g14"),
            Term("anunnaki.region.g15"),
            Term("anunnaki.region.g16"),
            Term("anunnaki.region.g17"),
            Term("anunnaki.region.g18"),
        ),
    ),
)
