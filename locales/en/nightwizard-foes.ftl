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
