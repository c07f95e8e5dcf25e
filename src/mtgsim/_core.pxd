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
    PF_LOYALTY_USED = 2048       # one of its loyalty abilities was activated this turn (606.3): cleared as
                                 # each turn begins
    PF_EARTHBENT = 4096          # earthbent (701.66a): a creature while it stays, back tapped when it dies

# the op codes, op flags, controller filters, counter kinds and trigger events: declared in
# mtgsim.vocabulary (OpCode, OpFlag, Who, COUNTERS, Event); the words of the card fields (CountOf,
# Timing, TappedUnless, ...: mtgsim.field_words.CODED): written out by the build (setup.py) as
# these cpdef enums
include "_vocabulary.pxi"

cpdef enum ManaOutput:           # how a mana ability's output is described
    MO_FIXED = 0
    MO_CHOICE = 1
    MO_ANY_COLOR = 2
    MO_ANY_TYPE = 3
    MO_COMBINATION = 4
    MO_CHOSEN_COLOR = 5

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
    CI_TAPS_OTHER = 64       # a mana ability's cost taps another permanent (Springleaf Drum)
