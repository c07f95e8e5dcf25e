"""Type stubs for the compiled core, mtgsim._core: every public name (tests/engine/test_build.py
checks that none is missing). Record layouts: _records.pxd; the rooms: docs/architecture.md."""
import enum

import numpy as np

RECORDS: tuple[str, ...]
HYBRID_PAIR_MASKS: tuple[int, ...]
MAX_BOARD: int
MAX_COST_MODIFIERS: int
MAX_GRAVEYARD: int
MAX_HAND: int
MAX_LOOK: int
MAX_LIBRARY: int
MAX_MANA_ABILITIES: int
MAX_MANA_INPUT: int
MAX_MANA_OPTIONS: int
MAX_PERMANENTS_IN_GAME: int
MAX_REPLACEMENTS: int
MAX_RESTRICTED_POOL: int
MAX_RESTRICTED_UNITS: int
MAX_TRACKED: int
MAX_TURNS: int
MAX_X: int


class ActivationFault(enum.IntEnum):
    AF_NONE: int
    AF_TAPPED: int
    AF_UNTAPPED: int
    AF_SICK: int
    AF_TIMING: int
    AF_LIFE: int
    AF_CONDITION: int
    AF_COUNTERS: int


class AttackIf(enum.IntEnum):
    AI_NONE: int
    AI_CONTROLS: int
    AI_CONTROLS_ANOTHER: int
    AI_NEVER: int


class CardInfoFlag(enum.IntEnum):
    CI_MANA_EFFECT: int
    CI_COMPLEX_MANA: int
    CI_COSTMOD: int
    CI_HASTE_GRANT: int
    CI_CREATURE: int
    CI_HASTE: int


class CardTypeBit(enum.IntEnum):
    CT_ARTIFACT: int
    CT_BATTLE: int
    CT_CREATURE: int
    CT_ENCHANTMENT: int
    CT_INSTANT: int
    CT_KINDRED: int
    CT_LAND: int
    CT_PLANESWALKER: int
    CT_SORCERY: int

class CostChange(enum.IntEnum):
    CC_INCREASE: int
    CC_REDUCE: int
    CC_SET_MINIMUM: int

class CountOf(enum.IntEnum):
    CO_PERMANENTS: int
    CO_CARDS_IN_HAND: int
    CO_DEVOTION: int
    CO_COUNTERS_ON_SELF: int
    CO_GREATEST_POWER: int
    CO_X: int
    CO_POWER: int
    CO_TOUGHNESS: int

class CounterKind(enum.IntEnum):
    CK_P1P1: int
    CK_M1M1: int
    CK_CHARGE: int
    CK_OTHER: int
    N_COUNTER_KINDS: int

class Event(enum.IntEnum):
    EV_SELF_ENTERS: int
    EV_NONTOKEN_CREATURE_YOU_CONTROL_ENTERS: int
    EV_CREATURE_YOU_CONTROL_ENTERS: int
    EV_SELF_BECOMES_TAPPED: int
    EV_YOUR_UPKEEP: int
    EV_SELF_DIES: int
    EV_YOU_CAST_SPELL: int
    EV_LAND_YOU_CONTROL_ENTERS: int
    EV_ANOTHER_CREATURE_YOU_CONTROL_ENTERS: int

class Grant(enum.IntEnum):
    GR_HASTE: int
    GR_MANA_ANY_COLOR: int

class GrantTo(enum.IntEnum):
    GT_CREATURES_YOU_CONTROL: int
    GT_LANDS_YOU_CONTROL: int

class KeywordBit(enum.IntEnum):
    KW_HASTE: int
    KW_FLYING: int
    KW_TRAMPLE: int
    KW_VIGILANCE: int
    KW_FIRST_STRIKE: int
    KW_DOUBLE_STRIKE: int
    KW_LIFELINK: int
    KW_DEATHTOUCH: int
    KW_REACH: int
    KW_DEFENDER: int
    KW_FLASH: int
    KW_MENACE: int
    KW_INDESTRUCTIBLE: int
    KW_HEXPROOF: int

class ManaOutput(enum.IntEnum):
    MO_FIXED: int
    MO_CHOICE: int
    MO_ANY_COLOR: int
    MO_ANY_TYPE: int
    MO_COMBINATION: int
    MO_CHOSEN_COLOR: int

class ManaTypeBit(enum.IntEnum):
    MT_W: int
    MT_U: int
    MT_B: int
    MT_R: int
    MT_G: int
    MT_C: int
    MT_CHOSEN: int

class PermanentFlag(enum.IntEnum):
    PF_TAPPED: int
    PF_TOKEN: int
    PF_SACRIFICE_AT_END: int
    PF_ATTACKING: int
    PF_PHASED_OUT: int
    PF_SKIP_UNTAP: int
    PF_ONCE_0: int
    PF_ONCE_1: int
    PF_ONCE_2: int
    PF_ONCE_3: int
    PF_ONCE_ALL: int

class SpellScope(enum.IntEnum):
    SS_SELF: int
    SS_YOUR_SPELLS: int
    SS_OPPONENT_SPELLS: int
    SS_ALL_SPELLS: int

class SupertypeBit(enum.IntEnum):
    ST_BASIC: int
    ST_LEGENDARY: int
    ST_SNOW: int
    ST_WORLD: int
    ST_ONGOING: int

class TappedUnless(enum.IntEnum):
    TU_ALWAYS: int
    TU_FEW_OTHER_LANDS: int
    TU_MANY_OTHER_LANDS: int
    TU_CONTROL_SUBTYPE: int
    TU_PAY_LIFE: int
    TU_REVEAL_SUBTYPE: int
    TU_MANY_BASIC_LANDS: int
    TU_CONTROL_BASIC: int
    TU_LOW_LIFE: int
    TU_CONTROL_LEGENDARY_CREATURE: int

class TraceEvent(enum.IntEnum):
    TR_GAME: int
    TR_MULLIGAN: int
    TR_BOTTOM: int
    TR_KEEP: int
    TR_TURN: int
    TR_DRAW: int
    TR_HAND: int
    TR_LAND: int
    TR_CAST: int
    TR_ATTACK: int
    TR_LIFE: int
    TR_MANA: int
    TR_ACTIVATE: int
    TR_VIEW_FAULT: int
    TR_SEARCH: int
    TR_CAST_WAY: int
    TR_ACTIVATE_WAY: int
    TR_STATE: int
    TR_PERMANENT: int
    TR_COUNTER: int
    TR_IN_HAND: int
    TR_POOL: int
    TR_LIVES: int
    TR_LOOK: int
    TR_LOOKED: int
    TR_CYCLE: int
    TR_RETURN_LAND: int

class TriggerAdds(enum.IntEnum):
    TA_FIXED: int
    TA_PRODUCED: int
    TA_CHOSEN_COLOR: int
    TA_ANY_COLOR: int

class Watches(enum.IntEnum):
    WA_SELF: int
    WA_ENCHANTED_LAND: int
    WA_LANDS_YOU_CONTROL: int
    WA_LANDS: int
    WA_BASIC_LANDS: int
    WA_PERMANENTS_YOU_CONTROL: int
    WA_PERMANENTS: int

class Who(enum.IntEnum):
    WHO_YOU: int
    WHO_OPPONENTS: int
    WHO_ANY: int


class Timing(enum.IntEnum):
    TI_ANY: int
    TI_YOUR_TURN: int
    TI_OPPONENTS_TURN: int


class CoreTables:
    """The compiled tables of a set of cards, held for the kernels."""
    tables: object
    fast_path: bool
    def __init__(self, tables: object) -> None: ...


class GoldfishSpec:
    """What run_chunks and trace_games simulate (see mtgsim.simulate)."""
    def __init__(self, core: CoreTables, deck: np.ndarray, turns: int, on_play: bool, keep_lo: np.ndarray,
                 keep_hi: np.ndarray, track: np.ndarray, chosen_color: int, policy: dict,
                 keep_sources: bool = False, game_streams: bool = False, commander: tuple = (),
                 multiplayer: bool = False, starting_life: int = 20) -> None: ...


class GameState:
    """The compiled game a Scenario's actions run on (see mtgsim.scenario)."""
    def __init__(self, core: CoreTables) -> None: ...
    @property
    def over(self) -> int: ...
    def load(self, perms: np.ndarray, n: int, info: np.ndarray, hands: tuple[list[int], list[int]],
             libraries: tuple[list[int], list[int]], graveyards: tuple[list[int], list[int]], next_id: int,
             chosen_color: int = 1, pay_life_above: int = -32768, bounce_object: int = -1,
             lands_played: int = 0, extra_land_drops: int = 0,
             keep_on_top: int = 0xFFFFFFFFFFFFFFFF) -> None: ...
    def store(self) -> tuple[np.ndarray, np.ndarray, tuple[list[int], list[int]], tuple[list[int], list[int]],
                             tuple[list[int], list[int]], int, int, int]: ...
    def index_of(self, object_id: int) -> int: ...
    def play_land(self, row: int, who: int) -> int: ...
    def land_plays_left(self) -> int: ...
    def resolve_spell(self, row: int, who: int, x: int = 0, kicked: bool = False,
                      flashback: bool = False) -> int: ...
    def apply_effect(self, row: int, target: int, source: int, who: int, x: int = 0) -> None: ...
    def activation_fault(self, i: int, k: int) -> int: ...
    def resolve_activation(self, i: int, k: int, target: int = -1) -> None: ...
    def activate_mana(self, i: int, ability: int, made: object, extra: object, restriction: int) -> None: ...
    def state_based_actions(self) -> None: ...
    def token_copy(self, i: int, who: int, sacrifice_at_end: bool = False) -> int: ...
    def able_to_attack(self, i: int, who: int) -> bool: ...
    def attack(self, who: int, attackers: list[int]) -> int: ...
    def next_turn(self) -> bool: ...
    def cycle(self, k: int, who: int) -> None: ...
    def draw(self, who: int, n: int = 1) -> None: ...


def board_ability_outputs(core: CoreTables, perms: np.ndarray, n: int, info: np.ndarray, i: int,
                          row: int) -> list[tuple[int, ...]]: ...
def board_ability_ready(core: CoreTables, perms: np.ndarray, n: int, info: np.ndarray, i: int,
                        row: int) -> bool: ...
def board_can_pay(core: CoreTables, perms: np.ndarray, n: int, info: np.ndarray, player: int,
                  cost: np.ndarray, card: int, ability: bool, exclude: int = -1) -> bool: ...
def board_could_produce(core: CoreTables, perms: np.ndarray, n: int, info: np.ndarray) -> np.ndarray: ...
def board_count(core: CoreTables, perms: np.ndarray, n: int, info: np.ndarray, row: int, self_i: int,
                player: int, x: int) -> int: ...
def board_is_sick(core: CoreTables, perms: np.ndarray, n: int, info: np.ndarray, i: int) -> bool: ...
def board_mana_rows(core: CoreTables, perms: np.ndarray, n: int, info: np.ndarray, i: int) -> list[int]: ...
def board_mana_summary(core: CoreTables, perms: np.ndarray, n: int, info: np.ndarray,
                       player: int) -> tuple[int, ...]: ...
def board_plan_payment(core: CoreTables, perms: np.ndarray, n: int, info: np.ndarray, player: int,
                       cost: np.ndarray, card: int, ability: bool,
                       ) -> tuple[list[tuple[int, int, tuple[int, ...], tuple[int, ...]]], tuple[int, ...], int,
                                  list[tuple[int, bool, int, tuple[int, ...]]]] | None: ...
def board_power_toughness(core: CoreTables, perms: np.ndarray, n: int, info: np.ndarray,
                          i: int) -> tuple[int, int]: ...
def board_produce(core: CoreTables, perms: np.ndarray, n: int, info: np.ndarray, i: int, row: int,
                  prefer: int, order: list) -> tuple[tuple[int, ...], tuple[int, ...]]: ...
def board_produce_exact(core: CoreTables, perms: np.ndarray, n: int, info: np.ndarray, i: int, row: int,
                        want: tuple, own: object | None = None) -> tuple[tuple[int, ...], tuple[int, ...]] | None: ...
def board_condition_holds(core: CoreTables, perms: np.ndarray, n: int, info: np.ndarray, i: int, row: int) -> bool: ...
def board_replacements(core: CoreTables, perms: np.ndarray, n: int, info: np.ndarray,
                       i: int) -> list[tuple[int, int]]: ...
def board_total_cost(core: CoreTables, perms: np.ndarray, n: int, info: np.ndarray, card_row: int, x: int,
                     kicked: bool, alternative: int, caster: int, from_hand: bool, tax: int = 0) -> np.void: ...
def board_triggers(core: CoreTables, perms: np.ndarray, n: int, info: np.ndarray, i: int) -> list[tuple[int, int]]: ...
def checking_views(spec: GoldfishSpec) -> GoldfishSpec: ...
def cost_as_total(core: CoreTables, cost_row: int) -> np.void: ...
def debug_build() -> bool: ...
def evaluate_boards(core: CoreTables, perms: np.ndarray, count: np.ndarray, info: np.ndarray, card_row: int,
                    x: int, kicked: bool, alternative: int, player: int, from_hand: bool,
                    out_cost: np.ndarray, out_mana: np.ndarray, out_could: np.ndarray,
                    out_castable: np.ndarray, out_fault: np.ndarray, threads: int = 1) -> None: ...
def goldfish_flags(core: CoreTables) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]: ...
def goldfish_overflow_message(over: int) -> str: ...
def kept_counts(core: CoreTables, flags: object) -> tuple[np.ndarray, np.ndarray]: ...
def kind_units(core: CoreTables, flags: object) -> np.ndarray: ...
def metric_offsets(n_track: int, turns: int) -> dict[str, tuple[int, int]]: ...
def openmp_enabled() -> bool: ...
def overflow_message(over: int) -> str: ...
def record_dtypes() -> dict[str, np.dtype]: ...
def run_chunks(spec: GoldfishSpec, generators: list, games: np.ndarray, out: np.ndarray, threads: int = 1,
               over: np.ndarray | None = None) -> None: ...
def spend_signatures(core: CoreTables) -> np.ndarray: ...
def trace_games(spec: GoldfishSpec, generator: object, games: int) -> np.ndarray: ...
def with_snapshots(spec: GoldfishSpec) -> GoldfishSpec: ...
def without_shortcuts(spec: GoldfishSpec) -> GoldfishSpec: ...
