# Exercise 2: a tile that skips the ring flips its slot's phase bit (the row ring+bulk+flip), run on
# a case the shipped tests lack: a partial first tile, then more rounds than the ring holds.
needs gpu
claim "ring+bulk passes the case; ring+bulk+flip fails it: the next wait on the flipped slot names the phase before the current one, complete if the copy has not landed (the threads read the slot early: wrong sums), else one no copy will complete (a hang, stopped by the case's timeout)"
tests 10g --variant ring+bulk --case ring_rounds_with_a_head
agree "ring+bulk: the case passes" [ $? -eq 0 ]
tests 10g --variant ring+bulk+flip --case ring_rounds_with_a_head
status=$?
failed_how() { [ "$1" -ne 0 ] && grep -qE 'first wrong index|[Tt]imeout' <<<"$OUTPUT"; }
agree "ring+bulk+flip: the case fails, with wrong sums or a hang" failed_how $status
