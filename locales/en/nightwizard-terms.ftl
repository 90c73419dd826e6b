# Night Wizard's own words (English: as the crate writes them). Terms, used as { -nw-judge }
# in every Night Wizard catalogue (nightwizard-combat.ftl, nightwizard.ftl). The Japanese side is
# the game's own vocabulary (docs/nightwizard.md, "Japanese"). Append new terms at the end.
# A message's id must not be a term's without its dash (`nw-judge` beside `-nw-judge`): Fluent keeps
# both in one map and refuses the second.


# Judges (§2, §3)
-nw-judge = Judge
-nw-judges = Judges
-nw-alter = Alter
-nw-result = Result
-nw-difficulty = Difficulty
-nw-critical = Critical
-nw-fumble = Fumble
-nw-critical-value = Critical value
-nw-fumble-value = Fumble value
-nw-success = success
-nw-failure = failure
-nw-automatic-success = automatic success
-nw-any-seven = Any Seven
-nw-secret-judge = secret Judge
-nw-opposed-judge = opposed Judge
-nw-recovery-judge = Recovery Judge
-nw-appearance-check = Appearance Check
-nw-spd-judge = SPD Judge
-nw-identify-judge = Enemy Identify Judge
-nw-information-gathering = Information Gathering
-nw-connection = Connection
-nw-chance = Chance of success

# Prana (§4.2)
-nw-prana = Prana
-nw-reroll = Reroll
-nw-cancel-fumble = Cancel Fumble
-nw-fudge-dice = Fudge Dice
-nw-raise-result = Raise Result
-nw-avoid-incapacitated = Avoid Incapacitated
-nw-accept = Accept

# Attributes and combat stats
-nw-strength = Strength
-nw-finesse = Finesse
-nw-awareness = Awareness
-nw-knowledge = Knowledge
-nw-spirit = Spirit
-nw-luck = Luck
-nw-pacc = PACC
-nw-eva = EVA
-nw-macc = MACC
-nw-patk = PATK
-nw-matk = MATK
-nw-pdef = PDEF
-nw-mdef = MDEF
-nw-spd = SPD
-nw-hp = HP
-nw-mp = MP

# Combat (§10)
-nw-combat = Combat
-nw-round = Round
-nw-setup-process = Setup Process
-nw-initiative-process = Initiative Process
-nw-main-process = Main Process
-nw-cleanup-process = Cleanup Process
-nw-count = Count
-nw-move-action = Move Action
-nw-minor-action = Minor Action
-nw-major-action = Major Action
-nw-reaction = Reaction
-nw-auto-action = Auto Action
-nw-pre-action = Pre-action
-nw-post-action = Post-action
-nw-hit-check = Hit Check
-nw-dodge-check = Dodge Check
-nw-damage = Damage
-nw-damage-roll = damage roll
-nw-hp-damage = HP Damage
-nw-physical-attack = Physical attack
-nw-magical-attack = Magical attack
-nw-cover-up = Cover Up
-nw-full-hit = Full Hit
-nw-full-dodge = Full Dodge
-nw-engage = Engage
-nw-engagements = Engagements
-nw-invade = invade
-nw-withdraw = withdraw
-nw-blockade = blockade
-nw-range = Range
-nw-close-range = Close
-nw-short-range = Short
-nw-long-range = Long
-nw-incapacitated = Incapacitated
-nw-dead = Dead
-nw-bad-status = bad status
-nw-defender = Defender
-nw-attacker = attacker

# The world
-nw-emulator = Emulator
-nw-lunar-casket = Lunar Casket
-nw-lunar-logic = Lunar Logic
-nw-fortress = Fortress
-nw-guest = Guest
-nw-gm = GM
-nw-scene = Scene
-nw-master-scene = Master Scene
-nw-episode = Episode
-nw-skill = skill
-nw-item = item

# Growth (§6)
-nw-bp = BP
-nw-cf-mod = CF Mod
-nw-op = OP

# Fortresses (§12.8, §12.9)
-nw-trap-identification = Trap Identification
-nw-trap-removal = Trap Removal
-nw-danger-sense = Danger Sense
