"""Clauses irrelevant to a goldfish: its opponent has a life total and nothing else — no
creatures, lands, spells, cards in hand or library, no attacks and no blocks — so clauses
acting only on those change nothing it measures. They are listed as ignored, never silently
dropped.

A clause is ignored whole or not at all; its sentences are read one by one, and a sentence
of several effects (608.2c: "target opponent discards two cards and loses 2 life") effect by
effect — it is a no-op only when each of its effects is. Each sentence (or effect) is one of:

* a no-op (`_NOOP`): changes nothing in any goldfish game, whatever ability it stands in —
  blocking (no creature ever blocks or is blocked), preventing damage (the opponent deals
  none; a player's own damage to the opponent is never prevented by these), regeneration
  (a shield against destruction, which only the player's own removal could bring), acting
  on the opponent's permanents, hand or library only (it has none), a condition on what an
  opponent controls that never holds;
* harmful only (`_HARMFUL`): it would destroy, exile, tap, bounce, shrink or damage a
  creature or permanent — in a goldfish only the player's own — so a player who may decline
  (a spell they choose to cast, an ability they choose to activate, "you may", "up to one
  target") never does it — nor what follows naming that target (608.2b: it names none), if it
  harms too; an optional target that can only be a spell (none on the stack as a trigger
  resolves in a goldfish) is never chosen either;

and a whole ability is a no-op when a target it requires can only be an opponent's object: the
spell can't be cast, the ability can't be activated, the trigger is removed from the stack
(601.2c, 602.2b, 603.3d), or when its trigger event never happens in a goldfish (an opponent
casting a spell, its creatures dying, a creature blocking).

Ignored never means cast for nothing when casting the spell needs or does something
(`never_cast`): a required target that can't exist in a goldfish (a spell or ability on the
stack, an opponent's object: 601.2c) or harm that falls on the player's own permanents (the
goldfish's only ones, 115.1: "destroy all creatures", "destroy target creature") makes the spell
never cast, the reason said; such harm cast for effects read besides is unread (faces.py).
"""
from __future__ import annotations

import re

from ..oracle_text import sentences

# Keywords that change nothing in a goldfish: evasion and protection against blockers and
# spells it never has, abilities that trigger only on blocking (bushido 702.45, rampage 702.23,
# afflict 702.130, flanking 702.25) or target its creatures (provoke 702.39), deck construction
# (partner, companion). Not changeling (702.73): every creature type counts for "Elves you control".
IGNORED_KEYWORDS = {"ward", "protection", "shroud", "hexproof from", "fear", "intimidate", "shadow",
                    "horsemanship", "skulk", "forestwalk", "islandwalk", "swampwalk", "mountainwalk",
                    "plainswalk", "landwalk", "banding", "flanking", "partner", "companion", "bushido",
                    "rampage", "afflict", "provoke"}

# What only the opponent controls or owns: none of it exists in a goldfish.
_THEIRS = (r"(?:an opponent controls|your opponents control|you don't control|an opponent owns|"
           r"defending player controls|target opponent controls)")
# The words of a noun phrase naming permanents or spells ("nonland permanent", "artifact or
# creature", "creature token"): no verb, so a phrase can't run on into another clause.
_NOUN = (r"(?:non-[a-z]+|(?:non)?(?:creature|land|artifact|enchantment|planeswalker|permanent|spell|card|battle|token|"
         r"legendary|basic|black|white|blue|red|green|colorless|multicolored|snow|source|Vehicle|Aura|Equipment|"
         r"Wall)s?|tapped|untapped|attacking|blocking|other|another|or|and|and/or|instant|sorcery|activated|"
         r"triggered|ability|abilities|"
         # (a subtype, capitalised; not the first word of a sentence)
         r"(?-i:(?!(?:If|When|Whenever|Then|At|As|Each|All|Until|You|Target|Choose|Draw|Create|Put|Return)\b)"
         r"[A-Z][a-z]+))")
_NP = rf"{_NOUN}(?:,? {_NOUN})*"
_N = r"(?:\d+|X|a|an|one|two|three|four|five|six)"
_UP_TO = r"(?:up to (?:one|two|three|four|five|X|\d+)|any number of)"
# A target of a permanent, spell or card — not a player (the opponent is a legal target).
_TARGET = rf"(?:(?:{_UP_TO}|{_N}|another) )?(?:other )?target {_NP}"

# "... you control with power 2 or less", "with flying": a qualifier ending a noun phrase.
_WITH = (r"(?: without flying| with (?:flying|power \w+ or (?:less|greater)|mana value \w+ or (?:less|greater)|"
         r"toughness \w+ or (?:less|greater)))?")
_SUBJECT = (rf"(?:~|it|they|that creature|those creatures|enchanted creature|equipped creature|each creature|"
            rf"creatures|all creatures|(?:each )?(?:other )?(?:{_NP}) you control{_WITH}|"
            rf"{_TARGET}(?: you control)?{_WITH}|"
            rf"(?:each |all )?(?:{_NP}){_WITH}|creatures with \w+)")

# "an opponent controls a ..." (never: it controls nothing) — never "no creatures", "fewer".
_OPPONENT_HAS = (r"(?:(?:an opponent|defending player) (?:controls|owns)|your opponents control) "
                 r"(?:a|an|another|more|\w+ or more|at least \w+)\b")
_NOT_YOURS = r"(?:(?!\byou\b|~)[^.])*"            # (the rest of a sentence, naming neither you nor ~)
_ONE_EFFECT = r"(?:(?! and |, )[^.,])*?"            # (one effect: no other joined to it)
_NOT_MINE = r"(?:(?!you control)[^.,])+?"            # (what is counted: not the player's own)

def _family(words: str, *patterns: str) -> tuple[re.Pattern, list[re.Pattern]]:
    """Sentence patterns with the words each of them needs: a sentence without any of them
    is read by none (at no cost)."""
    return re.compile(words, re.IGNORECASE), [re.compile(p + r"\.?", re.IGNORECASE) for p in patterns]


_NOOP = [
    # --- blocking (506-509): the goldfish's creatures never block and are never blocked
    _family(r"\bblock",
            rf"{_SUBJECT} (?:can't be blocked|can't block|must be blocked|can block|can be blocked)"
            r"(?: and can't (?:block|be blocked))?(?: (?!and )(?:(?! and |, )[^.])*)?",
            r"all creatures able to block ~ do so",
            r"you may have ~ assign its combat damage as though it weren't blocked",
            r"[^.,]* can't block (?:~|it)(?: this turn| this combat)?",
            r"(?:blocking creatures|each blocking creature|blocked creatures|each blocked creature) [^.]*",
            r"~ (?:attacks or )?blocks each (?:combat|turn) if able",
            r"(?:target creature|it|~) blocks this turn if able"),
    # --- flying (702.9b): an evasion ability, it only matters to a blocker -- and the goldfish's creatures are
    # never blocked (the engine reads none: its keyword bit is never tested)
    _family(r"flying",
            r"(?:~|it|target creature(?: you control)?|creatures you control) gains? flying until end of turn"),
    # --- reach (702.17b) and hexproof (702.11b, 702.11d): only a blocker needs the one, only the
    # opponent's targeting the other — it blocks nothing and targets nothing
    _family(r"reach|hexproof",
            r"(?:you may have )?(?:it|~|target creature|that creature) gains? reach until end of turn",
            r"(?:you|you and permanents you control|permanents you control|creatures you control|~|it|"
            r"target creature(?: you control)?) gains? hexproof(?: from \w+(?:,? (?:and )?from \w+)*)? "
            r"until end of turn"),
    # --- damage prevention (615): none is ever dealt to the player or their permanents by the
    # opponent; none of these prevents the player's own damage to the opponent
    _family(r"prevent",
            r"prevent (?:all|all combat|all noncombat|the next \w+) damage (?:that would be dealt )?(?:this turn )?to "
            r"(?:you|~|it|him|her|target (?:legendary )?creature|target artifact creature|target player|any target|"
            r"creatures you control|other creatures you control|you and creatures you control|enchanted creature)"
            r"(?: this turn)?(?: by [^.,]+)?",
            r"if a source would deal damage to (?:you|~|you or a creature you control), prevent \w+ of that damage",
            r"if damage would be dealt to ~, prevent that damage",
            r"the next time a source of your choice would deal damage to you this turn, prevent that damage",
            r"damage can't be prevented[^.]*"),
    # --- the player's protection (702.16j: "protection from everything": damage from sources is prevented, and
    # spells, abilities and attacks can't target or reach them) until their next turn -- a turn in which the goldfish
    # opponent deals no damage, targets nothing and attacks with nothing (The One Ring's "if you cast it")
    _family(r"protection",
            r"(?:if you cast it, )?you gain protection from everything until your next turn"),
    # --- regeneration (701.19): a shield only the player's own removal would use
    _family(r"regenerat",
            r"regenerate (?:~|it|target creature|target artifact|enchanted creature|each creature you control)",
            r"regenerate target (?-i:[A-Z][\w-]+)(?:, (?-i:[A-Z][\w-]+))*,? or (?-i:[A-Z][\w-]+)",  # (Swarmyard)
            r"(?:it|they|that creature|~) can't be regenerated(?: this turn)?",
            r"(?:a creature|creatures) destroyed this way can't be regenerated"),
    # --- a spell's target changed: no spell is on the stack as a goldfish's trigger resolves (117.3c;
    # Hydroelectric Specimen's "you may change the target of target instant or sorcery spell ...")
    _family(r"change the target", r"change the target of target [\w ]*?spell(?: with a single target)? to ~"),
    # --- an optional target in a graveyard: none chosen (the opponent's is empty, a card of the
    # player's own exiled gains nothing; Restless Cottage)
    _family(r"graveyard", r"exile up to one target card from a graveyard"),
    # --- a land card name chosen (Petrified Hamlet): the goldfish names one no player controls,
    # so what the chosen name gives or stops befalls no permanent (its policy: none of its lands
    # gains or loses an ability by it)
    _family(r"card name|chosen name",
            r"(?:when ~ enters, )?choose a land card name"),
    # --- the opponent's hand, library, permanents and spells: it has none
    _family(r"opponent|target player|that player|defending|don't control|from it\b|from among them",
            # (not "... then draws that many": a player may target themself for that)
            # (not "target player mills ..." nor "... from the top of their library": a player
            # targets themself for that, to fill their graveyard, 701.17a)
            rf"(?:target opponent|each opponent) (?:discards|mills|sacrifices|reveals|shuffles) "
            rf"(?![^.]*\bdraws?\b){_NOT_YOURS}",
            rf"target player (?:discards|sacrifices|reveals(?! cards from the top)|shuffles) (?![^.]*\bdraws?\b)"
            rf"{_NOT_YOURS}",
            rf"(?:target|each) opponent (?:exiles?|puts?) {_NOT_YOURS}",
            # (what a player targeted for the effects above then does with those cards)
            rf"target player (?:exiles?|puts?) (?:their graveyard|those cards|the revealed cards|them|"
            r"a card from their graveyard)"
            rf"{_NOT_YOURS}",
            r"look at target (?:player|opponent)'s hand",
            # (the player targets the opponent: what they see changes nothing it does — Mishra's, Urza's Bauble)
            r"look at the top card of target player's library",
            r"look at a card at random in target player's hand",
            # (a player targets the opponent, whose graveyard is empty, rather than empty their own, 115.1)
            r"exile (?:target player's|target opponent's|each opponent's) graveyard",
            r"you choose (?:a|an|two|up to one|up to two) [\w ,]*?cards? from (?:it|among them)"
            r"(?: with mana value \w+ or (?:less|greater))?(?: and exile (?:that card|it|them))?",
            # (looking at it, the player may take a card from an empty hand: Deep-Cavern Bat)
            r"you may exile (?:a|an) [\w ,]*?card from it(?: until ~ leaves the battlefield)?",
            # (a player with no library draws nothing a goldfish measures: Thought-Knot Seer's leaving)
            r"(?:target|each) opponent draws (?:a card|\w+ cards)",
            r"that player discards (?:that card|those cards|it)",
            r"then (?:that player|each player who searched) shuffles",
            rf"(?:(?:destroy|exile|tap|untap) all|return all) (?:{_NP}) {_THEIRS}(?: to their owners' hands)?",
            rf"(?:~|it) deals \w+ damage to each (?:{_NP}) {_THEIRS}",
            # (a sentence whose subject is the opponent's permanents, spells or abilities: none)
            rf"(?:until end of turn, )?(?:each |all )?(?:other )?(?:{_NP})(?: of (?:{_NP}))?{_WITH} "
            rf"(?:{_THEIRS}|your opponents cast){_WITH} "
            r"(?!.*\b(?:you control|you gain|you draw|and you|and ~|and creatures)\b)[^.]*",
            rf"if (?:a|an) (?:{_NP}){_WITH} {_THEIRS} [^,]+, [^.]*",
            # (a replacement of damage to what the opponent controls, 614.1a: none is ever dealt — Soul-Scar Mage)
            rf"if (?:a source(?: you control)?|~) would deal (?:noncombat |combat )?damage to (?:a|an|one or more) "
            rf"(?:{_NP}){_WITH} {_THEIRS}, [^.]*",
            rf"[^.]* can't be the target of [^.]*{_THEIRS}(?: this turn)?",
            rf"(?:your opponents|each opponent) can't {_NOT_YOURS}",
            # (an amount counting the opponent's permanents or cards is zero: one effect scaled by it)
            rf"{_ONE_EFFECT} for each {_NOT_MINE}{_THEIRS}",
            rf"{_ONE_EFFECT}, where X is the number of {_NOT_MINE}{_THEIRS}",
            rf"{_ONE_EFFECT} for each card in (?:target|each) opponent's hand",
            # (conditions on what the opponent controls or holds, which never hold)
            rf"(?:(?!, and |, then )[^.])*? (?:as long as|if) {_OPPONENT_HAS}[^.,]*",
            rf"if {_OPPONENT_HAS}[^.,]*, [^.]*",
            # (what an opponent did this turn: it casts nothing, so what follows never happens —
            # Mindbreak Trap's alternative cost, 118.9)
            r"if an opponent cast [^.,]+ this turn, [^.]*",
            r"[^.,]*? if an opponent has cast [^.,]+ this turn",
            r"[^.,]*? if an opponent has (?:more|\w+ or more) cards in (?:their )?hand[^.,]*"),
    # --- control (613.1b): the goldfish controls each of its permanents already, and its opponent has none
    _family(r"gain control", rf"gain control of {_TARGET}{_WITH}"),
    # --- new targets for a spell or copy (115.7): a goldfish's only useful target is its opponent, already chosen
    _family(r"new targets", r"you may choose new targets for (?:it|the copy|the copies|that spell|them)"),
    # --- a card name chosen as ~ enters and what it restricts (607.2a: linked abilities): the goldfish's
    # policy names a card of its opponent's, one its own deck doesn't hold (Pithing Needle, Anointed
    # Peacekeeper, Sorcerous Spyglass), so nothing of the player's has the name; a linked ability that
    # would give the player something stays unread
    _family(r"chosen name|card name",
            r"(?:as|when) ~ enters, (?:look at an opponent's hand, then )?"
            r"choose (?:a|any) (?:nonland |land )?card name",
            # (a spell's, for what the opponent holds: Cabal Therapy; not "a card name", which may be the player's own
            # to find: Demonic Consultation)
            r"choose a nonland card name",
            r"(?:activated abilities of sources|spells) with the chosen name (?:can't be (?:activated|cast)|"
            r"cost \{\d+\} more to (?:activate|cast))(?: unless they're mana abilities)?"),
    # --- shuffling the player's library: its order is random in a goldfish already
    _family(r"shuffle", r"(?:then )?shuffle", r"if you search your library this way, shuffle"),
    # --- attacking: the goldfish attacks with every creature able to (508.1d asks no more)
    _family(r"attacks each", r"~ attacks each (?:combat|turn) if able"),
    # --- deck construction (903.3, 702.124) and the opponent's spells (701.6a: none counters): nothing in a goldfish
    _family(r"commander|can't be (?:the target|countered)|Enchant",
            r"~ can be your commander",
            r"~ can't be (?:the target|countered)[^.]*",
            r"(?:creature |noncreature )?spells you (?:control|cast) can't be countered(?: this turn)?",
            # (the opponent casts no counterspell: Mistrise Village's ability, Insist)
            r"the next (?:[\w ,]+ )?spell you cast this turn can't be countered",
            r"Enchant (?:creature|permanent|artifact|land|planeswalker|player)"),
]

_HARMFUL = [_family(
        r"destroy|exile|tap|counter|return|put|deals|-\w+/-|attack|loses all|controller|prevent|enchanted|phases",
        rf"(?:destroy|exile|tap) {_TARGET}{_WITH}"
        r"(?: (?:if|unless) [^.,]+| with [\w ]+| from (?:a|its owner's) graveyard)?",
        rf"(?:destroy|exile) (?:all|each) (?:other )?{_NP}{_WITH}",
        r"counter target [^.]*",
        rf"return {_TARGET}{_WITH} to (?:its|their) owners?'s? hands?",
        rf"{_TARGET}{_WITH} phases out",        # (702.26: treated as though it doesn't exist: no attack)
        rf"put {_TARGET}{_WITH} on (?:top|the bottom) of its owner's library",
        rf"(?:~|it) deals (?:\w+|that much) damage to (?:{_TARGET}|each (?:other )?{_NP}){_WITH}",
        rf"(?:~|it) deals \w+ damage divided as you choose among {_TARGET}{_WITH}",
        rf"(?:~|it) deals damage to {_TARGET}{_WITH} equal to [^.]*",
        rf"(?:{_TARGET}{_WITH}|all creatures|all other creatures|each creature|enchanted creature) gets? -\w+/-\w+"
        r"(?: until end of turn)?",
        rf"put (?:a|an|one|two|three|four|five|X) -1/-1 counters? on {_TARGET}",
        rf"{_TARGET} (?:can't attack or block|can't attack|loses all abilities|doesn't untap during its controller's "
        r"(?:next )?untap step)(?: this turn| until end of turn)?",
        r"(?:it|that creature|that permanent) doesn't untap during its controller's (?:next )?untap step",
        r"(?:its|that creature's|that permanent's|the creature's) controller (?:gains|loses) [^.]*",
        r"prevent all (?:combat )?damage[^.]*",
        # (what else befalls the creature or spell it harms)
        r"if that creature would die this turn, exile it instead",
        r"if that spell is countered this way, exile it instead of putting it into its owner's graveyard",
        # an Aura that only hinders the creature it enchants: cast only onto the player's own
        r"enchanted creature (?:can't attack or block|can't attack|doesn't untap during its controller's untap step|"
        r"gets -\w+/-\w+|loses all abilities|can't block, and its activated abilities can't be activated)",
        r"enchanted creature's activated abilities can't be activated",
        r"(?:when ~ enters, )?tap enchanted creature",
        r"you control enchanted (?:creature|permanent|artifact|land)")]

TRIGGER = re.compile(r"(?P<cond>(?:When|Whenever|At) [^,]+), (?P<effect>.+)", re.DOTALL)
_MODES = re.compile(r"(?:(?P<event>(?:When|Whenever|At) [^,\n]+), choose one"
                    r"|Choose (?:one|two|three|one or both|one or more))"
                    r" \u2014(?P<modes>(?:\n\u2022 [^\n]+)+)")
# Ward (702.21a) granted: it triggers only on an opponent's spells and abilities, of which a goldfish has none.
_WARD_GRANTED = re.compile(r'(?:other )?(?:creatures|permanents) you control (?:have|gain) "ward\W[^"]*"'
                           r'(?: until end of turn)?\.?', re.IGNORECASE)
_ACTIVATED = re.compile(r'(?P<cost>[^:"]+): (?P<effect>.+)', re.DOTALL)
# An ability giving only an emblem (114.1): its abilities, quoted, work from the command zone (114.4)
_EMBLEM = re.compile(r'(?P<cost>[^:"]+): You get an emblem with "(?P<abilities>[^"]+)"\.?')
_ABILITY_COST = re.compile(r"This ability costs [^.]* (?:less|more) to activate\b", re.IGNORECASE)
_ABILITY_WORD = re.compile(r"^[A-Z][\w' ,-]+ \u2014 (?=\S)")

# Trigger events that never happen in a goldfish: its opponent casts nothing, attacks with
# nothing, controls nothing; nothing blocks. Nor is the player's own creature dealt damage
# (Screaming Nemesis): the opponent deals none, no creature blocks it, and the simulator's
# damage is dealt to players only (vocabulary: damage_to_opponent, damage_to_you); the goldfish
# aims its own at the opponent ("any target"), and harm to its own creatures it never casts (115.1).
_NEVER = [re.compile(p, re.IGNORECASE) for p in (
    r"(?:when|whenever) ~ is dealt damage",
    rf".*\b(?:a|an|one or more|another|each) (?:{_NP}){_WITH} {_THEIRS}\b.*",
    r".*\b(?:an opponent|your opponents|each opponent|target opponent) "
    r"(?:casts?|activates?|draws?|discards?|sacrifices?|cycles?|searches|plays?|attacks?|gains? life|mills?)\b.*",
    r".*\b(?:a creature|one or more creatures) attacks? you\b.*",
    r"(?!.*\battack)(?!.*\bdamage).*\b(?:blocks|becomes blocked|is blocked|block)\b.*",
)]
# ... but not an event the player's own objects or attacks can bring about too
_MAYBE = re.compile(r".*(?:\byou\b(?! control\b| don't control\b)(?<!attacks you)(?<!attack you)"
                    r"|\bone of your opponents\b|\ba player\b|\bplayer or planeswalker\b|\bopponent or planeswalker\b"
                    r"|~ attacks\b|\byou attack\b).*",
                    re.IGNORECASE)
_NEVER_IF = re.compile(rf"if {_OPPONENT_HAS}", re.IGNORECASE)
# a target that can only be an opponent's object, or a creature blocking (none ever blocks)
_REQUIRED_THEIRS = re.compile(
    rf"(?<![\w-])(?P<pre>{_UP_TO} )?(?:{_N} |another )?target (?:{_NP}{_WITH} {_THEIRS}|blocking creature|"
    r"(?:\w+ )?creature (?:blocking(?: or blocked by)? (?:~|it)|blocked by ~|~ is blocking))", re.IGNORECASE)
_THEIRS_WORDS = re.compile(r"opponent|don't control|defending|block", re.IGNORECASE)
_UP_TO_TARGET = re.compile(rf"\b{_UP_TO} (?:other )?target\b", re.IGNORECASE)
# a sentence whose subject is an optional target named back, or its controller or owner
_OF_THE_TARGET = re.compile(r"(?:that creature|that permanent|that spell|it|its controller|its owner|"
                            r"that creature's controller|that permanent's controller|they|their controllers?|"
                            # (Tishana's Tidebinder: what befalls the ability's source, when one was countered)
                            r"if an ability of [\w ,]+ is countered this way, that permanent)\b",
                            re.IGNORECASE)


def _matches(families: list[tuple[re.Pattern, list[re.Pattern]]], s: str) -> bool:
    return any(words.search(s) and any(p.fullmatch(s) for p in patterns) for words, patterns in families)


# ---- a sentence's effects (608.2c: its instructions, followed in the order written) ------------
# A player doing something ("target opponent", "each player", "you"); the verbs of effects.
_PLAYER = (r"(?:you|they|(?:target|each) (?:player|opponent)(?: who [^,.]+?)?|that player|defending player|"
           r"its controller|that creature's controller)")
_VERB = (r"(?:discards?|mills?|sacrifices?|reveals?|exiles?|puts?|loses?|lose|gains?|gain|draws?|draw|"
         r"creates?|create|searche?s?|returns?|return|pays?|pay|shuffles?|shuffle|deals?|destroy|tap|untap|"
         r"scry|surveil|amass|investigate|look|add)")
_LEAD = re.compile(r"(?P<lead>(?:if|until|as long as|when you do|if you do|whenever|when)\b[^,\"]*, )?"
                   r"(?P<body>.+)", re.IGNORECASE | re.DOTALL)
# where one effect ends and the next begins: a joint followed by a verb (the same subject) or
# by another player doing something
_JOINT = re.compile(rf"(?:,? and then |, then |,? and |, )(?=(?P<subject>{_PLAYER} )?(?:may )?{_VERB}\b)",
                    re.IGNORECASE)
_PLAYER_SUBJECT = re.compile(rf"(?P<subject>{_PLAYER}) (?=(?:may )?{_VERB}\b)", re.IGNORECASE)


def effects(sentence: str) -> list[str]:
    """The effects one sentence lists, each said whole: its subject and its leading condition
    ("If ..., ", "Until end of turn, ") kept with each. "Target opponent discards two cards,
    mills a card, and loses 1 life" is three effects, the last "target opponent loses 1 life";
    "Its controller loses 3 life and you gain 3 life" two. A sentence with a quoted ability is
    one effect (its quotes are an ability's text)."""
    s = sentence.strip().rstrip(".")
    if not s or '"' in s or re.search(r",? where X is\b", s):
        return [sentence]                 # (an X defined once for the whole sentence: one reading)
    m = _LEAD.fullmatch(s)
    lead, body = m["lead"] or "", m["body"]     # type: ignore[index]  # (it matches any text: its body is .+)
    subject = _PLAYER_SUBJECT.match(body)
    if subject is None and not re.match(rf"(?:you may )?{_VERB}\b", body, re.IGNORECASE):
        return [sentence]                 # (not a player doing things, nor an instruction)
    carried = subject["subject"] + " " if subject else ""
    parts, start = [], 0
    for j in _JOINT.finditer(body):
        if j.start() < (subject.end() if subject else 0):
            continue
        parts.append(body[start:j.start()])
        start = j.end()
    parts.append(body[start:])
    if len(parts) == 1:
        return [sentence]
    out = [lead + parts[0]]
    for part in parts[1:]:
        own = _PLAYER_SUBJECT.match(part)
        if own and own["subject"].lower() == "they" and carried:
            part, own = part[own.end():], None     # ("..., then they exile ...": the same player)
        out.append(lead + (part if own else carried + part))
        if own:                           # (another player, said in the part: theirs from here on)
            carried = own["subject"] + " "
    return out


def is_noop(s: str) -> bool:
    """A sentence that changes nothing in a goldfish: every one of its effects does nothing
    (a sentence of several effects is never a no-op for one of them: "each opponent discards a
    card and loses 2 life" costs the opponent 2 life)."""
    parts = effects(s)
    if len(parts) == 1:
        return _matches(_NOOP, s)
    return all(_matches(_NOOP, p) for p in parts)


def _harmful(s: str) -> bool:
    return _matches(_HARMFUL, s)


def _declinable(s: str) -> bool:
    """A sentence a player who may decline never performs: a no-op, or one harmful only."""
    return is_noop(s) or _harmful(s)


def _spell_noop(s: str) -> bool:
    """A sentence of an instant or sorcery that changes nothing: "Exile ~" sends it to exile
    instead of the graveyard (608.2n), and nothing a goldfish measures reads the graveyard."""
    return s.rstrip(".") == "Exile ~"


def _unquoted(p: str) -> str:
    return re.sub(r'"[^"]*"', '""', p)


def _requires_theirs(p: str) -> bool:
    """Does the ability require a target only an opponent's object can be (a spell, card or
    permanent an opponent controls)? Not for modes, conditional or reflexive parts (their
    targets are chosen only if they apply)."""
    if not _THEIRS_WORDS.search(p):
        return False
    text = _unquoted(p)
    if "\u2022" in text or re.search(r"\bwhen you do\b|\bgift\b", text, re.IGNORECASE):
        return False
    for s in sentences(text):
        if re.search(r"\bif\b(?! able)|\bunless\b", s, re.IGNORECASE):
            continue
        if any(not m["pre"] for m in _REQUIRED_THEIRS.finditer(s)):
            return True
    return False


def _stack_target_required(cond: str, effect: str) -> bool:
    """Does a trigger (not one on casting a spell: that spell is on the stack) require a target
    spell? None is on the stack as it triggers in a goldfish — its spells resolve one at a time
    before it does anything else, its opponent casts nothing (117.3c) — so the trigger is
    removed from the stack (603.3d): Spellstutter Sprite's "When ~ enters, counter target spell
    ..."."""
    if re.search(r"\bcasts?\b", cond, re.IGNORECASE) or '"' in effect or "\u2022" in effect:
        return False
    for s in sentences(effect):
        if re.search(r"\bif\b|\bunless\b|\byou may\b", s.split(",")[0], re.IGNORECASE):
            continue
        for m in _STACK_TARGET.finditer(s):
            # (a spell only, said alone: not "target spell or permanent" — the player's own permanent is one —,
            # nor an ability — the player's own triggers may be on the stack with it —, nor "the
            # target of a spell")
            if not m["pre"] and not re.search(r"\bability\b|^target of\b", m[0]) and not re.match(
                    r",|\s+(?:and/)?or\b", s[m.end():]):
                return True
    return False


_EVENT_JOINT = re.compile(r",? (?:and|or) (?=(?:when|whenever|at the beginning)\b)", re.IGNORECASE)


def trigger_events(cond: str) -> list[str]:
    """The trigger events of a compound trigger condition, each said whole: "When ~ enters
    and whenever an opponent draws a card ..." is two (the ability triggers on each, 603.2)."""
    return _EVENT_JOINT.split(cond)


def never_happens(event: str) -> bool:
    """A trigger event that never happens in a goldfish."""
    return any(n.fullmatch(event) for n in _NEVER) and not _MAYBE.fullmatch(event)


def _never_triggers(cond: str, effect: str) -> bool:
    """A trigger condition none of whose events ever happens in a goldfish, or an intervening
    "if" (603.4) that never holds."""
    return all(never_happens(e) for e in trigger_events(cond)) or bool(_NEVER_IF.match(effect))


def is_ignored(p: str, spell: bool = False, aura: bool = False) -> bool:
    """Is paragraph (or spell sentence) `p` irrelevant to a goldfish? `spell`: it is part of
    an instant or sorcery, which the player casts only if they choose to; `aura`: of an Aura
    cast onto a creature (or other permanent) of the player's choice."""
    if _requires_theirs(p):
        return True
    if m := _MODES.fullmatch(p):             # (700.2: the player chooses among modes none of which
        modes = m["modes"].strip("\n").split("\n")   # does anything; a trigger's must be no-ops)
        if m["event"] and _never_triggers(m["event"], ""):
            return True
        optional = spell and not m["event"]
        return all(is_ignored(mode.removeprefix("\u2022 ").strip(), optional) for mode in modes) and (
            optional or all(is_noop(mode.removeprefix("\u2022 ").strip()) for mode in modes))
    if m := TRIGGER.fullmatch(p):
        if _never_triggers(m["cond"], m["effect"]) or _stack_target_required(m["cond"], m["effect"]):
            return True
        if '"' in m["effect"] or "\u2022" in m["effect"]:
            return False
        ss = sentences(m["effect"])
        declined = ""                             # (an optional target left unchosen, and why)
        for i, s in enumerate(ss):
            low = s.lower()
            # (what follows names it: of no object it does nothing, 608.2b — a spell can't be chosen;
            # the player's own could, so what befalls it must be harm too, never a gain: Cavalier of Dawn)
            if declined and _OF_THE_TARGET.match(s) and not re.search(r"\byou\b", s, re.IGNORECASE) and (
                    declined == "stack" or _harmful(s) or is_noop(s)):
                continue
            if _UP_TO_TARGET.search(s) and _STACK_TARGET.search(s):
                declined = "stack"                # (no spell on the stack when it resolves in a goldfish, 117.3c)
                continue
            if _UP_TO_TARGET.search(s) and _harmful(s):
                declined = "harm"                 # (only the player's own to harm)
                continue
            if low.startswith(("if you do, ", "when you do, ")) and i and ss[i - 1].lower().startswith("you may "):
                rest = s.split(", ", 1)[1]        # (what an optional cost buys: declined with it)
                if _declinable(rest) or _requires_theirs(rest):
                    continue
                return False
            may = s[len("you may "):] if low.startswith("you may ") else None
            if i + 1 < len(ss) and may is not None and ss[i + 1].lower().startswith(("if you do, ", "when you do, ")):
                continue                          # (an optional cost: read with what it buys)
            if not (is_noop(s) or may is not None and _declinable(may) or _harmful(s) and (
                    _UP_TO_TARGET.search(s) or aura and "enchanted" in low)):
                return False
        return True
    if _WARD_GRANTED.fullmatch(p):
        return True
    if (m := _EMBLEM.fullmatch(p)) and is_ignored(m["abilities"]):
        return True                               # (114: an emblem whose every ability does nothing here)
    if p == 'Lands with the chosen name have "{T}: Add {C}."':    # (Petrified Hamlet: no land has the name
        return True                                               # the goldfish chooses, above)
    if '"' in p or "\u2022" in p:
        return False
    if (m := _ACTIVATED.fullmatch(p)) and not re.match(r"Add\b", m["effect"]):
        ss = sentences(m["effect"])
        if any(s.startswith("Activate only") and _NEVER_IF.search(s) for s in ss):
            return True
        # (its cost changed, 602.2b via 601.2f: moot when what it does is never worth doing)
        effects = [s for s in ss if not s.startswith("Activate only") and not _ABILITY_COST.match(s)]
        return bool(effects) and all(_declinable(s) for s in effects)
    return all(_declinable(s) or spell and _spell_noop(s) if spell or aura else is_noop(s) for s in sentences(p))


# ---- a spell never cast (601.2c): what casting it would need or do --------------------------------
# A target on the stack: a spell, or an activated or triggered ability. The goldfish casts its
# spells in its own main phase, one at a time, each resolving before the next (it never holds
# priority, 117.3c), and its opponent casts nothing: the stack is empty whenever it casts.
_STACK_TARGET = re.compile(r"(?<![\w-])(?P<pre>up to (?:one|two|\w+) )?target (?:[\w-]+,? (?:or )?){0,3}?"
                           r"(?:spell|activated ability|triggered ability)\b", re.IGNORECASE)
NO_TARGET_THEIRS = ("no legal target in a goldfish (601.2c, 115.1): it targets an opponent's object, and the "
                    "goldfish's opponent has none")
NO_TARGET_STACK = ("no legal target in a goldfish (601.2c, 115.1): it targets a spell or ability, and the stack "
                   "is empty whenever the goldfish casts (117.3c)")
MOOT_EMBLEM = ("all it does is give an emblem (114.1) whose abilities do nothing in a goldfish: a player never pays "
               "loyalty for it")
OWN_HARM = "it only hinders the player: its only legal targets, and all it affects, are their own (115.1)"
GRAVEYARD_TARGET = ("it needs a target card in a graveyard (601.2c, 115.1), and the simulator doesn't track "
                    "which cards are there")


def never_cast(p: str) -> str | None:
    """Why a spell is never cast, when its paragraph or sentence `p` (ignored: is_ignored with
    `spell`) is one casting it would need or do: a required target that can't exist in a
    goldfish (601.2c: a spell can't be cast without its targets), or harm to the player's own
    permanents (a target only theirs can be, "destroy all creatures", "each creature gets
    -4/-4"), which a player who may decline never casts. None for a no-op (cast for nothing: a
    legal target it does nothing to), an optional part ("up to one target", "you may"), a mode
    among others that isn't one of these, a trigger or an activated ability (used only if the
    player chooses)."""
    p = _ABILITY_WORD.sub("", p, count=1)      # (207.2c: "Converge — Exile target ...")
    if TRIGGER.fullmatch(p) or (_ACTIVATED.fullmatch(p) and '"' not in p.split(":")[0]):
        return None
    if m := _MODES.fullmatch(p):            # (700.2: cast only if some mode can be chosen and does no harm)
        if m["event"]:
            return None
        whys = [never_cast(mode.removeprefix("\u2022 ").strip()) for mode in m["modes"].strip("\n").split("\n")]
        return whys[0] if all(whys) else None
    return _never_used(p)


def never_activated(p: str) -> str | None:
    """Why an activated ability (paragraph `p`, ignored: is_ignored) is never activated: as a
    spell is never cast (never_cast), an ability can't be activated without its required
    targets (602.2b: activating follows casting's 601.2c), and a player never activates one that
    only harms their own; None for another (a mana ability, one that does nothing)."""
    m = _ACTIVATED.fullmatch(_ABILITY_WORD.sub("", p, count=1))
    if m is None or '"' in m["cost"] or re.match(r"Add\b", m["effect"]):
        return None
    if _EMBLEM.fullmatch(p):
        return MOOT_EMBLEM
    return _never_used(m["effect"])


def _never_used(p: str) -> str | None:
    """Why a spell's text or an ability's effect `p` is never used (never_cast, never_activated)."""
    if _requires_theirs(p):
        return NO_TARGET_THEIRS
    text = _unquoted(p)
    for s in sentences(text):
        if re.search(r"\bif\b(?! able)|\bunless\b(?! its controller pays)|\byou may\b", s, re.IGNORECASE):
            continue
        if any(not m["pre"] for m in _STACK_TARGET.finditer(s)):
            return NO_TARGET_STACK
    for s in sentences(text):
        if not is_noop(s) and _harmful(s) and not _UP_TO_TARGET.search(s) and not re.match(
                r"you may\b", s, re.IGNORECASE):
            return GRAVEYARD_TARGET if re.search(r"\btarget [^.]*\bgraveyard\b", s, re.IGNORECASE) else OWN_HARM
    return None
