# The record layouts of mtgsim's compiled core: one struct per table row, a comment per field.
# The numpy dtypes in `mtgsim.schema` are derived from these structs (never written twice); the
# codes in their fields are the enumerations of `_core.pxd`. Index fields are int32 and -1 means
# "none"; amounts are int16; bit sets are unsigned. A file of declarations with no module behind
# it, so that both `_core.pxd` and the kernels' internal `_kernel.pxd` can cimport it.

from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint16_t, uint32_t, uint64_t

# NCOUNTERKINDS (the kinds of counters, mtgsim.vocabulary.COUNTERS) and MAXLOOK: written out by
# the build (setup.py) from mtgsim.vocabulary
include "_vocabulary_sizes.pxi"

ctypedef struct Cost:            # a mana cost or a fixed bundle of mana, as counts (COST table)
    int16_t generic              # generic mana from number symbols
    uint8_t x                    # number of {X} symbols
    uint8_t snow                 # {S} symbols
    uint8_t pips[6]              # coloured/colourless symbols per type, W U B R G C
    uint8_t phyrexian[5]         # Phyrexian symbols per colour ({W/P}: W or 2 life)
    uint8_t mono_hybrid[5]       # {2/W}-style symbols per colour
    uint8_t colorless_hybrid[5]  # {C/W}-style symbols per colour
    int32_t hybrid_first         # first row in the HYBRID table (two-colour hybrids), -1 none
    uint8_t n_hybrid             # number of two-colour hybrid symbols
    int16_t mana_value           # 202.3, X as 0

ctypedef struct Hybrid:          # one two-colour hybrid symbol (HYBRID table)
    uint8_t colors               # the two colours (ManaTypeBit)
    uint8_t phyrexian            # 1 for {W/U/P}: may be paid with 2 life

ctypedef struct Filter:          # which cards or permanents a rule looks for (FILTER table)
    uint8_t who                  # Who: whose permanents (a card in a library: unused)
    uint8_t other                # 1: not the permanent itself
    uint16_t types               # any of these CardTypeBits (0: any)
    uint16_t not_types           # and none of these CardTypeBits
    uint8_t supertypes           # and any of these SupertypeBits (0: any)
    uint8_t colors               # and some of these colours, ManaTypeBits (0: any)
    uint64_t subtypes            # and any of these subtype bits (0: any)
    int16_t min_power            # and power this or greater (-32768: any)
    int16_t max_power            # and power this or less (32767: any)
    int16_t min_toughness        # and toughness this or greater (-32768: any)
    int16_t max_toughness        # and toughness this or less (32767: any)
    uint8_t same_name            # 1: filter_count counts the most of one name (copies of one CARD
                                 # row: "three or more lands with the same name", 602.5) — a way of
                                 # counting, not a part a permanent passes; here so that the one
                                 # count reads it
    uint8_t cost_below           # and its card's mana cost generic mana only, {0} up to {cost_below - 1} (202.1:
                                 # a search's, Urza's Saga's "mana cost {0} or {1}": 2), 0 any
    uint8_t mana_value_below     # and its card's mana value {mana_value_below - 1} or less (202.3: a search's,
                                 # "a creature card with mana value 1 or less": 2), 0 any

ctypedef struct Count:           # a number read off the game state (COUNT table)
    uint8_t what                 # CountOf
    uint8_t color                # DEVOTION: ManaTypeBit, or MT_CHOSEN
    uint8_t counter              # COUNTERS_ON_SELF: CounterKind
    int32_t filter               # PERMANENTS: FILTER row of the permanents counted, else -1

ctypedef struct Amount:          # a fixed amount, or a Count times one plus the fixed part
    int16_t fixed                # the number, when count is -1
    int32_t count                # row in the COUNT table, or -1

ctypedef struct Op:              # one step of an effect (OP table): what run_ops does, by code
    uint8_t code                 # OpCode (mtgsim.vocabulary declares each)
    uint8_t who                  # Who: the player it concerns, relative to the effect's player
    uint32_t flags               # OpFlags (four bytes: the sixteen of two ran out)
    int32_t arg                  # a row in another table, by code: COST row of the mana added,
                                 # CARD row of the token, FILTER row of the lands searched for; or
                                 # the CounterKind of the counters put (-1 none)
    Amount amount                # N: how much, how many

ctypedef struct Effect:          # what a spell or ability does (EFFECT table): a run of OP rows,
                                 # carried out in order (608.2c), and facts the compiler derives
                                 # from them for the policy and the payment search (which never
                                 # interpret ops)
    int32_t op_first             # its first OP row
    int16_t n_ops                # ...and how many
    uint8_t worth                # 1: an activated ability doing this is worth activating (some op's
                                 # `worth` in mtgsim.vocabulary)
    uint8_t token_copy           # 1: it makes a token copy of its target (the policy chooses one)
    int32_t land_search          # OP row of its first search for a land (701.23), -1 none
    Amount gain_life             # a mana ability's side effects, added up (605.3b: read by the
    Amount damage_to_you         # payment search, the plans and views as the mana is made)
    Amount lose_life

ctypedef struct Card:            # a card's copiable values (CARD table)
    uint16_t types               # CardTypeBits
    uint8_t supertypes           # SupertypeBits
    uint8_t colors               # ManaTypeBits W..G (202.2, or the colour indicator)
    int32_t attack_if_filter     # AI_CONTROLS: FILTER row of the permanents one of which it asks for
    uint64_t subtypes            # subtype bits (the compiler's subtype vocabulary)
    uint32_t keywords            # KeywordBits
    int32_t cost                 # COST row of the mana cost, -1 for no mana cost
    int32_t kicker               # COST row of the kicker cost, -1 none
    int32_t flashback            # COST row of the flashback cost, -1 none
    int16_t mana_value           # 202.3 (X as 0)
    int16_t power                # printed power (the fixed part if it has *)
    int16_t toughness
    uint8_t attack_if            # its restriction on attacking (508.1c), an AttackIf: "can't attack
                                 # unless you control a creature (another one) ..." (attack_if_filter),
                                 # or never
    uint8_t suspend_time         # suspend N (702.62a): the time counters it is exiled with, 0 none
    int32_t star                 # COUNT row for * in power/toughness, -1 none
    uint8_t power_star           # 1 if power includes *
    uint8_t toughness_star
    uint8_t is_token             # a token definition (111)
    uint8_t unmodeled            # 1 if part of its text is not simulated
    int32_t mana_first           # first row in MANA_ABILITY, with the count beside it
    int16_t n_mana
    int16_t extra_land_plays     # additional lands its controller may play on each of their
                                 # turns (305.2: Azusa)
    int32_t costmod_first        # COST_MODIFIER rows
    int16_t n_costmod
    uint8_t doesnt_untap         # 1: it doesn't untap during its controller's untap step (502.3:
                                 # "~ doesn't untap during your untap step")
    uint8_t uncastable           # 1: the simulator never casts it — part of its text is a cost or
                                 # a restriction on casting it that the vocabulary doesn't express
                                 # (601.2b additional costs, 601.3 "cast only ..."): never free;
                                 # of a land, never played: a drawback on its entering unsaid
    int32_t trigger_first        # MANA_TRIGGER rows
    int16_t n_trigger
    int16_t earthbent            # a land: rows from this one to what it is earthbent (701.66a: a 0/0 creature
                                 # with haste besides), 0 none (only with an earthbend in the tables; in a
                                 # padding hole: the record stays 128 bytes)
    int32_t replacement_first    # MANA_REPLACEMENT rows
    int16_t n_replacement
    int32_t grant_first          # GRANT rows
    int16_t n_grant
    int32_t enters_first         # ENTERS rows
    int16_t n_enters
    int32_t triggered_first      # TRIGGERED rows
    int16_t n_triggered
    int16_t transformed          # a double-faced card's face (712): rows from this one to its other face,
                                 # the one it turns over to as it transforms (701.27a), 0 none (a
                                 # difference, in the padding: the record stays 128 bytes)
    int32_t activated_first      # ACTIVATED rows
    int16_t n_activated
    int16_t next_level           # a Class (716): rows from this one to its row at the next level (its
                                 # abilities and that level's, 716.2a), 0 none; Permanent.level says
                                 # which is in play (a difference, not a row: the record stays 128 bytes)
    int32_t spell_effect         # EFFECT row of an instant/sorcery, -1 none
    int32_t kicked_effect        # EFFECT row if kicked, -1 none
    int32_t back                 # CARD row of the back face, -1 none
    int32_t exile_cost           # COST row of the cost paid to exile it from the hand as a special
                                 # action (116.2f, 116.2k), -1 none: its suspend cost (702.62a: with
                                 # suspend_time time counters), or with suspend_time 0 its plot cost
                                 # (702.170a; a card has one or the other: one field, the record
                                 # stays 128 bytes)

ctypedef struct ManaAbility:     # an activated mana ability (605.1a) (MANA_ABILITY table)
    int32_t card                 # CARD row it belongs to
    int32_t cost                 # COST row of the mana part of its cost, -1 none
    uint8_t tap                  # {T} in the cost (107.5)
    uint8_t untap                # {Q} in the cost (107.6)
    uint8_t sacrifice_self
    uint8_t remove_kind          # counters removed from it as a cost: their CounterKind...
    int16_t life                 # life paid
    uint8_t output               # ManaOutput
    uint8_t remove_n             # ...and how many (0: none; 118.3: only with that many on it)
    int32_t mana                 # COST row of the fixed mana, -1 none
    int32_t options_first        # CHOICE: first COST row of the options
    uint8_t n_options
    uint8_t colors               # ANY_COLOR/ANY_TYPE: the types allowed (ManaTypeBits)
    uint16_t marks               # PermanentFlags activating it sets on its permanent: its condition's
                                 # once-each-turn flag (602.5b), PF_SKIP_UNTAP (502.3: its effect's
                                 # skip_untap) — 0 for nearly all, one load for the payment step
    Amount amount                # how many (times `mana` for FIXED)
    uint8_t could_produce        # 0 none; 1 lands you control; 2 lands opponents control (106.7)
    uint8_t remove_x             # 1: it removes X `remove_kind` counters, X chosen as it is paid (0 up
                                 # to those on it, 107.3a, 118.3): its amount's X (the payment's options)
    int16_t tap_filter           # FILTER row of "Tap an untapped creature you control" in its cost (the
                                 # permanent tapped: another, 701.26a; the payment search chooses it), -1
                                 # none (int16 in a padding hole: the record stays 64 bytes)
    uint64_t if_you_control      # subtype bits that must all be present for `instead`
    int32_t instead              # COST row of the mana instead, -1 none
    int32_t effect               # EFFECT row of side effects (life gain, damage), -1 none
    int32_t restriction          # SPEND_RESTRICTION row its mana keeps (106.6), -1 unrestricted
    int32_t condition            # CONDITION row: when it may be activated (602.5), -1 any time

ctypedef struct SpendRestriction: # what restricted mana may be spent on (106.6) (SPEND_RESTRICTION)
    uint8_t spells               # 1: casting spells that pass the spell filter
    uint16_t spell_types         # spell filter: any of these CardTypeBits (0: any)
    uint8_t spell_supertypes     # ...and any of these supertypes (0: any)
    uint64_t spell_subtypes      # ...and any of these subtypes (0: any)
    uint8_t spell_colorless      # ...and colourless (202.2)
    uint8_t spell_multicolored   # ...and of two or more colours (105.2b)
    uint8_t chosen_type          # ...and of the creature type chosen as the source entered
                                 # (one per game: compiled into spell_subtypes; this marks it)
    uint8_t abilities            # 1: activating abilities of permanents that pass the source filter
    uint16_t source_types        # source filter: any of these CardTypeBits (0: any)
    uint8_t source_supertypes    # ...and any of these supertypes (0: any)
    uint64_t source_subtypes     # ...and any of these subtypes (0: any)
    uint8_t source_colorless     # ...and colourless
    uint16_t spell_not_types     # spell filter: and none of these CardTypeBits ("noncreature")

ctypedef struct Condition:       # "Activate only ..." (602.1b, 602.5): when an activated ability may
                                 # be activated; every part given holds (CONDITION table)
    int16_t controls             # its controller controls at least this many permanents passing
                                 # `filter` (0: no such part)
    uint8_t or_entered           # 1: `controls` holds too while the permanent itself entered this
                                 # turn ("if ~ entered this turn or if you control a basic land")
    uint8_t during               # Timing: any time, only during its controller's turn, or an
                                 # opponent's
    int32_t filter               # FILTER row of those permanents (filter_count), -1 with no `controls`
    int16_t hand_min             # cards in its controller's hand: at least this many
    int16_t hand_max             # ...and at most this many
    uint16_t once_flag           # once each turn: the PermanentFlag (PF_ONCE_*) its activation
                                 # sets on the permanent, cleared as each turn begins (0: none)
    uint8_t level                # only while the permanent is this Class level (716.2a: a level-up
                                 # to N, N-1; 716.2d: no level is 1), 0: any
    uint8_t lore                 # only while it has this many lore counters or more (a Saga's ability
                                 # its chapter gains, 613.1f, 714.2b), 0: any

ctypedef struct CostModifier:    # a static cost change (601.2f) (COST_MODIFIER table)
    int32_t card
    uint8_t change               # CostChange: the order of application
    uint8_t scope                # SpellScope
    int32_t mana                 # COST row added or taken off, -1 none
    Amount amount                # generic amount (or the minimum for SET_MINIMUM)
    uint16_t types               # filter: any of these card types (0: no type filter)
    uint8_t supertypes           # ...or any of these supertypes
    uint64_t subtypes            # ...or any of these subtypes
    uint16_t not_types           # and none of these card types
    uint8_t colors               # and some of these colours (0: any)
    uint8_t while_untapped       # only while the source is untapped (Trinisphere)

ctypedef struct ManaTrigger:     # a triggered mana ability (106.12a) (MANA_TRIGGER table)
    int32_t card
    uint8_t watches              # Watches
    uint8_t adds                 # TriggerAdds
    int32_t mana                 # COST row for TA_FIXED, -1 none
    int16_t amount
    uint8_t of_type              # ManaTypeBit that must be produced, MT_CHOSEN, or 0 for any
    uint64_t subtypes            # only watched permanents with one of these subtypes (0: any)

ctypedef struct ManaReplacement: # a tapped-for-mana replacement (106.12b) (MANA_REPLACEMENT)
    int32_t card
    uint8_t watches              # Watches
    int16_t multiply             # 1 = none; 2 Mana Reflection; 3 Nyxbloom Ancient
    uint8_t replace_with         # ManaTypeBit replacing every type (Contamination), 0 none

ctypedef struct GrantRow:        # a static grant (GRANT table)
    int32_t card
    uint8_t grant                # Grant
    uint8_t to                   # GrantTo

ctypedef struct Enters:          # "as enters" / "enters with" (614.1c, 614.12) (ENTERS table)
    int32_t card
    uint8_t tapped
    uint8_t unless               # TappedUnless
    uint8_t n_counters           # its counters are of the first this many kinds (0: none; the
                                 # entering permanent reads no more of the arrays below)
    int32_t filter               # CONTROL_SUBTYPE, CONTROL_BASIC, MANY_BASIC_LANDS,
                                 # CONTROL_LEGENDARY_CREATURE: FILTER row of the permanents it
                                 # asks for; REVEAL_SUBTYPE: of the cards in hand (card_passes);
                                 # else -1
    int16_t life                 # PAY_LIFE
    int16_t counters[NCOUNTERKINDS]  # counters it enters with, per CounterKind (fixed part)
    int32_t counters_count[NCOUNTERKINDS]  # ...or a COUNT row (X of the spell: 107.3m), -1 none
    uint8_t choose_color
    uint8_t is_chosen_type       # with choose_color: it is the basic land type of the colour chosen
                                 # (Multiversal Passage, 305.7: Permanent.land_type)
    uint8_t not_color            # with choose_color: the ManaTypeBit it can't choose ("other than
                                 # white", the Gates), 0 none...
    uint8_t other_color          # ...and the one chosen instead when the player's colour is that one
                                 # (the policy's, compile: other_color)

ctypedef struct Triggered:       # a non-mana triggered ability (603) (TRIGGERED table)
    int32_t card
    uint8_t event                # Event
    uint8_t colorless            # only a colorless spell cast, or creature entering (105.2c)
    uint8_t chapter              # EV_CHAPTER: its chapter number N (714.2b; in a padding hole: 16 bytes)
    uint8_t mv_counters          # EV_PLAYER_CASTS_SPELL: only a spell whose mana value is the number of counters
                                 # of CounterKind mv_counters - 1 on its permanent, 0 any (in a padding hole)
    int32_t effect               # EFFECT row
    uint16_t spell_types         # EV_YOU_CAST_SPELL: only spells of these CardTypeBits (0: any)
    uint16_t spell_not_types     # ...and of none of these (0: any; "a noncreature spell", 702.108a)
    uint8_t nth                  # EV_YOU_CAST_SPELL: only the Nth spell of its kind (all, or noncreature) its
                                 # controller casts this turn ("your fourth noncreature spell each turn"), 0 any

ctypedef struct Activated:       # a non-mana activated ability (602) (ACTIVATED table)
    int32_t card
    int32_t cost                 # COST row of the mana part, -1 none
    uint8_t tap
    uint8_t untap
    uint8_t sacrifice_self
    uint8_t remove_kind          # counters removed from it as a cost: their CounterKind...
    int16_t life
    uint8_t sorcery_speed
    uint8_t remove_n             # ...and how many (0: none; 118.3: only with that many on it)
    uint8_t from_hand            # cycling (702.29a): an ability of the card in its owner's hand
                                 # (its cost: the mana, and discarding it), its card's last row
    int32_t effect               # EFFECT row
    int32_t condition            # CONDITION row: when it may be activated (602.5), -1 any time
    int32_t sacrifice_filter     # FILTER row of the permanents one of which its cost sacrifices
                                 # (701.21a: "Sacrifice a creature"), -1 none
    uint8_t discard_n            # cards its cost discards (701.9a), 0 none
    uint8_t loyalty_ability      # 1: a loyalty ability (606.3: one of a planeswalker's a turn; sorcery_speed)
    int8_t loyalty               # ...its cost: loyalty counters put on it (606.4; negative: removed, 606.6)
    uint8_t ultimate             # ...1: its planeswalker's last, removing more loyalty than it enters with
                                 # (the play policy's first pick: loyalty_to_activate)

ctypedef struct Permanent:       # one permanent of one game (PERMANENT rows)
    int32_t card                 # CARD row of its copiable values (a copy: what it copies, 707.2)
    int32_t object_id            # a new object on each zone change (400.7)
    uint8_t controller           # 0 = you, 1 = the opponent
    uint8_t owner
    uint16_t flags               # PermanentFlags: tapped, token, ...
    int16_t controlled_since     # turn number its controller gained control (302.6)
    int16_t counters[NCOUNTERKINDS]  # per CounterKind
    int16_t power_bonus          # non-copy effects on power (613.4c), until cleared
    int16_t toughness_bonus
    int16_t damage               # marked damage (120.3)
    int16_t x_paid               # X paid for the spell it was (107.3m); its own X is 0
    uint8_t chosen_color         # ManaTypeBit chosen as it entered, 0 none
    uint8_t level                # its Class level (716.2b: a designation, not copiable), 0 none (716.2d:
                                 # read as 1); `card` is then its card's row at that level (next_level)
    int16_t attached_to          # row of the permanent it is attached to, -1 none
    int16_t becomes              # 1 + the CARD row of its characteristics while an effect changes
                                 # them (613.1d-f, 613.4b: an animation, OP_BECOMES), 0 none
    int32_t characteristics      # derived: the CARD row its characteristics are read off now (`card`,
                                 # or becomes - 1), kept by the kernels wherever card or becomes change
                                 # and set as they read a caller's rows (a value given is not read):
                                 # the accessors' one load (_kernel.pxd derive_characteristics)
    uint8_t land_type            # 1 + the basic land type it has besides its card's (305.6 order, Plains..
                                 # Forest: as ManaTypeBit's colours), chosen as it entered ("~ is the
                                 # chosen type", 305.7: Enters.is_chosen_type), 0 none; subtypes_of adds it
    uint8_t padding[13]          # (unused, 0: 64 bytes a permanent (fewer with each counter kind), so a row's address is one shift, not
                                 # a multiply; at 44 bytes every game took 0.3-0.4% more instructions)

ctypedef struct TotalCost:       # a spell's total cost as it is paid (601.2f): no X left, counts only
    int16_t generic              # generic mana (X already folded in)
    uint8_t snow                 # {S}
    uint8_t pips[6]              # W U B R G C symbols
    # the symbols with a payment choice, from `phyrexian` up to `minimum`, are kept together
    # (cost_is_plain reads them as words)
    uint8_t phyrexian[5]         # {W/P}..: colour or 2 life
    uint8_t mono_hybrid[5]       # {2/W}..: colour or two generic
    uint8_t colorless_hybrid[5]  # {C/W}..: colour or {C}
    uint8_t hybrid[10]           # two-colour hybrids by pair (HYBRID_PAIRS order), {W/U}..
    uint8_t hybrid_phyrexian[10] # {W/U/P}..: either colour or 2 life
    uint8_t minimum              # a total-cost setter's floor (Trinisphere): the mana paid, once
                                 # Phyrexian/hybrid choices are made (601.2b), is raised to it
    uint8_t delved               # generic mana paid by exiling that many cards from the caster's
                                 # graveyard (delve, 702.66a; in the padding: the record stays 46 bytes)

ctypedef struct BoardInfo:       # the per-game facts the kernels read besides the permanents
    int16_t turn                 # the current turn number (turns are numbered from 1)
    uint8_t active               # the active player
    int16_t last_turn_start[2]   # each player's most recent turn number (0: none yet)
    int16_t hand_size[2]
    int16_t life[2]
    int16_t upkeep_draws[2]      # cards each player draws at the beginning of the next upkeep (603.7a: the
                                 # delayed triggered abilities of OP_DRAW_NEXT_UPKEEP, whoever's turn it is)
    int16_t graveyard_n[2]       # the cards in each player's graveyard, and of them the ones of
    int16_t graveyard_types[2][9]  # each card type, by its CardTypeBit's place (205.2a: a card of
                                 # two types in both): kept by put_in_graveyard and
                                 # leave_graveyard (zones.pxi), in every game
    int16_t pool[2][6]           # mana in each player's pool, W U B R G C (unrestricted)
    uint8_t n_restricted[2]      # restricted mana in each player's pool (106.6): entries in use
                                 # (at most MAXRPOOL), each of one SPEND_RESTRICTION row,
    int32_t restricted_row[2][4] # ...that row,
    int16_t restricted[2][4][6]  # ...and its mana, W U B R G C

ctypedef struct Choices:         # the players' choices inside a game action (CHOICES record): the
                                 # rules read them here. A Scenario's caller gives them per action
                                 # (GameState.load; default_choices: when not given); the goldfish's
                                 # are its play policy's, set once (GoldfishSpec), and what they
                                 # leave open is asked of the policy as it comes up (choices.pxi)
    uint64_t keep_on_top         # scry and surveil (701.22a, 701.25a): bit k for the k-th card
                                 # looked at in the action (from the top, scry after scry), 1 kept
                                 # on top; the cards past the 64th are kept (goldfish: the policy)
    uint64_t to_hand             # "put K of them into your hand" (look_to_hand): bit k for the k-th
                                 # card of the look (from the top), 1 chosen; the K chosen nearest
                                 # the top go, the top ones not chosen if fewer (goldfish: the policy)
    int32_t bounce_object        # the land a bounce land returns: its object id; -1 by the rule
                                 # of the choice (returned_land; goldfish: the policy)
    int16_t pay_life_above       # life is paid for a land to enter untapped (a shock land) while
                                 # its controller's life is above this (and at least the life
                                 # asked, 119.4)
    uint8_t color                # "choose a colour" and mana of "any colour": this ManaTypeBit
    int8_t loyalty_ability       # the loyalty ability a planeswalker activates when the play policy's is
                                 # asked (606.3): its index among its activated abilities; -1 the
                                 # policy's (loyalty_to_activate)
    int32_t sacrifice_object     # the permanent a cost's "Sacrifice a creature" sacrifices (701.21a):
                                 # its object id; -1 by the rule of the choice (permanent_to_sacrifice;
                                 # goldfish: the policy)
    int32_t tap_object           # the permanent a mana ability's "Tap an untapped creature you control"
                                 # taps when activated by hand (701.26a): its object id; -1 by the rule
                                 # of the choice (creature_to_tap)
    uint64_t discard             # the cards a cost's "Discard N cards" or an effect's discard discards
                                 # (701.9a): 16 bits k (from the lowest) 1 + the card row of a card
                                 # discarded, 0 ends the list, each the first copy in hand not chosen,
                                 # then the first cards not chosen if fewer; 0xFFFF alone: none (an
                                 # optional discard declined) (goldfish: the policy)
    uint64_t top_order           # the order a look's cards go back on top (rearrange, 401.4): byte k
                                 # is 1 + the place in the look (0: its top card) of the card put k-th
                                 # from the top, 0 ends the list, the cards not listed follow in
                                 # their order; all bits set: shuffled, where the effect lets the
                                 # player shuffle (701.24a) (goldfish: the policy)
    uint64_t top_cards           # the cards of the hand an effect puts on top of the library (hand_to_top,
                                 # 401.4): 16 bits k (from the lowest) 1 + the card row of the card put
                                 # k-th from the top, 0 ends the list; each the first copy in hand not
                                 # chosen, then the last cards of the hand (goldfish: the policy)
    uint64_t flips_lost          # the coin flips of the action (705.1): bit k for the k-th flip, 1 lost, and
                                 # bit 63 set: given; not given, each a bit of a hash of the game
                                 # (coin_flip_lost; goldfish: its random generator)
