# Night Wizard's foes and the notes beside a Judge: a Guest's attack line, the tracker's bad
# statuses, the notes a Judge carries (Connection, bad statuses, Recovery). Terms of
# nightwizard-terms.ftl ({ -nw-judge }); the Japanese is in locales/ja/nightwizard-foes.ftl.

## The GM's table (combat/table.rs)

# A Guest's attack line on its card; `first` and `second` are its classes.
nw-foes-guest-attack = Guest built like a PC: { $first } / { $second }, CL { $cl }; attacks like a PC (`magic:true` for a spell).

## Notes beside a Judge's Alter (status.rs, judge/request.rs): each led by the list's separator

# A bad status's modifier to the Judge: `, Dazed −5`.
nw-foes-note-status = {", "}{ $status } −{ $penalty }
# Information Gathering asking a Connection: `, Connection to Ilse +2`.
nw-foes-note-connection = {", "}Connection to { $to } +{ $bonus }

## The last refusals written in rule code (access.rs, dispatch.rs, lib.rs, roster.rs)
nw-no-combat-start = there is no combat: the GM starts one with `/nwcombat start`.
nw-effect-not-granted = { $effect ->
        [full-hit] { -nw-full-hit }
       *[full-dodge] { -nw-full-dodge }
    } is a skill's effect (§10.9), and none of { $who }'s skills grants it; the GM declares it for an NPC whose skill does.
nw-judge-info-attr = an Information Gathering Check rolls an Attribute ({ $attrs }), never a combat stat (§9.2).
nw-judge-connection-info = `connection:` is for Information Gathering: add `info:true`.
nw-judge-both = { $value } cannot be both a Critical and a Fumble value.
nw-judge-stat-unknown = `{ $stat }` is not an attribute ({ $attrs }) or combat stat ({ $stats }); use none for a plain modifier.
nw-prana-which-logic = which Lunar Logic? `/nw prana use:logic logic:<its number or text>`.
nw-not-session-command = `/nw { $path }` is not a session command; try session, phase, judge, prana or settings.
nw-gm-plays-pc = { $who } plays a PC in this session; they leave it (`/nw session leave`) before they can be the GM.
nw-characters-busy = characters are not available right now; try again.
nw-needs-session = `/{ $command }` needs a session in this channel.
nw-character-elsewhere = { $name } is playing in the session in { $place }: a character plays in one session at a time. Leave it there (`/nw session leave`) or wait until that session ends.
nw-dead-no-actions = { $name } is Dead (§10.10: death is final) and takes no more actions; leave with `/nw session leave` and make a new character (`/nw character new`).
nw-join-first = join with a character first: `/nw session join`.
