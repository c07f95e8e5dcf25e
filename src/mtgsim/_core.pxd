# The C-level contract of mtgsim's compiled core: the record layouts (`_records.pxd`, one
# struct per table row) and the enumerations that give their codes meaning (here, as `cpdef`
# enums, so that Python reads them too: `mtgsim.schema`).

from mtgsim._records cimport *

# ---- enumerations ----------------------------------------------------------------------------

cpdef enum ManaTypeBit:          # mana types and colours as bits (105.1, 106.1b)
    MT_W = 1
    MT_U = 2
    MT_B = 4
    MT_R = 8
    MT_G = 16
    MT_C = 32                    # colourless: a type of mana, not a colour
    MT_CHOSEN = 128              # "the chosen colour" (resolved per permanent)

cpdef enum CardTypeBit:          # 205.2a
    CT_ARTIFACT = 1
    CT_BATTLE = 2
    CT_CREATURE = 4
    CT_ENCHANTMENT = 8
    CT_INSTANT = 16
    CT_KINDRED = 32
    CT_LAND = 64
    CT_PLANESWALKER = 128
    CT_SORCERY = 256

cpdef enum SupertypeBit:         # 205.4a
    ST_BASIC = 1
    ST_LEGENDARY = 2
    ST_SNOW = 4
    ST_WORLD = 8
    ST_ONGOING = 16

cpdef enum KeywordBit:
    KW_HASTE = 1                 # 702.10
    KW_FLYING = 2
    KW_TRAMPLE = 4
    KW_VIGILANCE = 8
    KW_FIRST_STRIKE = 16
    KW_DOUBLE_STRIKE = 32
    KW_LIFELINK = 64
    KW_DEATHTOUCH = 128
    KW_REACH = 256
    KW_DEFENDER = 512
    KW_FLASH = 1024
    KW_MENACE = 2048
    KW_INDESTRUCTIBLE = 4096
    KW_HEXPROOF = 8192

cpdef enum PermanentFlag:
    PF_TAPPED = 1                # 110.5
    PF_TOKEN = 2                 # 111
    PF_SACRIFICE_AT_END = 4      # sacrificed at the beginning of the next end step
    PF_ATTACKING = 8
    PF_PHASED_OUT = 16
    PF_SKIP_UNTAP = 32           # doesn't untap during its controller's next untap step (502.3)
    PF_ONCE_0 = 64               # its first "activate only once each turn" ability was activated
    PF_ONCE_1 = 128              # this turn (602.5b); ...the second,
    PF_ONCE_2 = 256              # ...the third,
    PF_ONCE_3 = 512              # ...the fourth: cleared as each turn begins
    PF_ONCE_ALL = 960
    PF_BECOMES_UNTIL_EOT = 1024  # what it has become (Permanent.becomes) ends in the cleanup step (514.2)

cpdef enum CounterKind:          # index into Permanent.counters: the kinds of mtgsim.vocabulary.COUNTERS
    CK_P1P1 = 0                  # +1/+1 (122.1a)
    CK_M1M1 = 1                  # -1/-1 (122.1a)
    CK_CHARGE = 2                # charge (122.1)
    CK_STORAGE = 3               # storage (122.1)
    CK_LOYALTY = 4               # loyalty (306.5b)
    CK_LORE = 5                  # lore (714.2b)
    CK_LEVEL = 6                 # level (702.87a)
    CK_TIME = 7                  # time (702.62a)
    CK_OIL = 8                   # oil (122.1)
    CK_STUN = 9                  # stun (122.1d)
    CK_SHIELD = 10               # shield (122.1c)
    CK_FINALITY = 11             # finality (122.1h)
    CK_QUEST = 12                # quest (122.1)
    CK_SPORE = 13                # spore (122.1)
    CK_AGE = 14                  # age (702.24a)
    N_COUNTER_KINDS = 15

cpdef enum OpCode:               # what one OP row does (Op.code): the ops of `mtgsim.vocabulary`,
                                 # carried out by run_ops (kernels/actions.pxi), the only place an
                                 # op has a meaning; codes in the order an effect's flat fields run
    OP_DAMAGE = 0                # damage to a player (120.3a: they lose that much life)
    OP_LOSE_LIFE = 1             # a player loses life (119.3)
    OP_GAIN_LIFE = 2             # a player gains life (119.3)
    OP_ADD_MANA = 3              # a fixed bundle of mana into the pool (106.4): arg, a COST row
    OP_SKIP_UNTAP = 4            # its source doesn't untap during the next untap step (502.3)
    OP_SACRIFICE_AT_END = 5      # its source is sacrificed at the next end step (603.7)
    OP_ADD_ANY_COLOR = 6         # mana of one colour into the pool (106.4)
    OP_COUNTERS = 7              # counters on the object concerned (122.6): arg, a CounterKind
    OP_SCRY = 8                  # scry N (701.22a)
    OP_SURVEIL = 9               # surveil N (701.25a)
    OP_DRAW = 10                 # draw N cards (121.1)
    OP_SEARCH_LAND = 11          # search the library for N lands (701.23): arg, a FILTER row
    OP_RETURN_LAND = 12          # return N lands you control to their owner's hand
    OP_TOKENS = 13               # create N tokens (111.1): arg, the token's CARD row
    OP_EXTRA_LAND_DROPS = 14     # N additional land plays this turn (305.2)
    OP_UNTAP_LANDS = 15          # untap up to N lands you control (701.26b)
    OP_TOKEN_COPY = 16           # a token copy of the target creature (707.2)
    OP_MILL = 17                 # a player mills N: their library's top N cards into their graveyard (701.17a)
    OP_LOOK_TO_HAND = 18         # look at the top N, arg of them into the hand, the rest on the bottom
    OP_CLASS_LEVEL = 19          # its source, a Class, becomes level N (716.2a): Permanent.level and card
    OP_BECOMES = 20              # its source becomes what CARD row arg says (613.1d-f, 613.4b: an animation)

cpdef enum OpFlag:               # Op.flags
    OF_TO_BATTLEFIELD = 1        # OP_SEARCH_LAND: onto the battlefield (else into the hand)
    OF_TAPPED = 2                # OP_SEARCH_LAND: ...tapped
    OF_SACRIFICE_AT_END = 4      # OP_TOKEN_COPY: the token is sacrificed at the next end step
    OF_UNTIL_END_OF_TURN = 8     # OP_BECOMES: until end of turn (514.2), else while it stays

cpdef enum CountOf:              # what a variable amount counts
    CO_PERMANENTS = 0
    CO_CARDS_IN_HAND = 1
    CO_DEVOTION = 2
    CO_COUNTERS_ON_SELF = 3
    CO_GREATEST_POWER = 4
    CO_X = 5
    CO_POWER = 6
    CO_TOUGHNESS = 7

cpdef enum Who:                  # a controller filter
    WHO_YOU = 0
    WHO_OPPONENTS = 1
    WHO_ANY = 2

cpdef enum ManaOutput:           # how a mana ability's output is described
    MO_FIXED = 0
    MO_CHOICE = 1
    MO_ANY_COLOR = 2
    MO_ANY_TYPE = 3
    MO_COMBINATION = 4
    MO_CHOSEN_COLOR = 5

cpdef enum CostChange:           # the steps of 601.2f, in the order they apply
    CC_INCREASE = 0
    CC_REDUCE = 1
    CC_SET_MINIMUM = 2

cpdef enum SpellScope:
    SS_SELF = 0
    SS_YOUR_SPELLS = 1
    SS_OPPONENT_SPELLS = 2
    SS_ALL_SPELLS = 3

cpdef enum Watches:              # which permanents a tapped-for-mana effect watches (106.12)
    WA_SELF = 0
    WA_ENCHANTED_LAND = 1
    WA_LANDS_YOU_CONTROL = 2
    WA_LANDS = 3
    WA_BASIC_LANDS = 4
    WA_PERMANENTS_YOU_CONTROL = 5
    WA_PERMANENTS = 6

cpdef enum TriggerAdds:
    TA_FIXED = 0
    TA_PRODUCED = 1
    TA_CHOSEN_COLOR = 2
    TA_ANY_COLOR = 3

cpdef enum Grant:
    GR_HASTE = 0
    GR_MANA_ANY_COLOR = 1

cpdef enum GrantTo:
    GT_CREATURES_YOU_CONTROL = 0
    GT_LANDS_YOU_CONTROL = 1

cpdef enum TappedUnless:
    TU_ALWAYS = 0
    TU_FEW_OTHER_LANDS = 1
    TU_MANY_OTHER_LANDS = 2
    TU_CONTROL_SUBTYPE = 3
    TU_PAY_LIFE = 4
    TU_REVEAL_SUBTYPE = 5
    TU_MANY_BASIC_LANDS = 6
    TU_CONTROL_BASIC = 7
    TU_LOW_LIFE = 8
    TU_CONTROL_LEGENDARY_CREATURE = 9

cpdef enum Event:
    EV_SELF_ENTERS = 0
    EV_NONTOKEN_CREATURE_YOU_CONTROL_ENTERS = 1
    EV_CREATURE_YOU_CONTROL_ENTERS = 2
    EV_SELF_BECOMES_TAPPED = 3
    EV_YOUR_UPKEEP = 4
    EV_SELF_DIES = 5
    EV_YOU_CAST_SPELL = 6
    EV_LAND_YOU_CONTROL_ENTERS = 7
    EV_ANOTHER_CREATURE_YOU_CONTROL_ENTERS = 8
    EV_SELF_BECOMES_LEVEL = 9    # "When this Class becomes level N" (716.2a): a trigger of level N's

cpdef enum Timing:               # Condition.during: when an ability may be activated (602.5)
    TI_ANY = 0
    TI_YOUR_TURN = 1             # "Activate only during your turn"
    TI_OPPONENTS_TURN = 2        # "Activate only during an opponent's turn"

cpdef enum AttackIf:             # Card.attack_if: its restriction on attacking (508.1c)
    AI_NONE = 0
    AI_CONTROLS = 1              # "can't attack unless you control a creature ..." (Card.attack_if_filter)
    AI_NEVER = 2                 # it can't attack (defender, 702.3b)

cpdef enum CardInfoFlag:         # per-card summary flags (Rules.info), once per table set
                                 # (`mtgsim.card_facts.card_summaries`)
    CI_MANA_EFFECT = 1       # changes what other permanents make: replacements, triggers,
                             # granted mana abilities, could-produce references
    CI_COMPLEX_MANA = 2      # a mana ability the direct path can't summarise as units
    CI_COSTMOD = 4           # has cost modifiers for spells other than itself (a "this spell
                             # costs less" one never applies from the battlefield)
    CI_HASTE_GRANT = 8       # gives creatures haste
    CI_CREATURE = 16
    CI_HASTE = 32            # has haste itself
