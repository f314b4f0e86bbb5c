# coverage.awk - sum `gcov -b -n` output into line and branch coverage of
# the sources in src/ (make coverage).  Prints one line per file and a
# total; a branch counts as covered when it was taken at least once.
/^File '/ {
	f = $0
	sub(/^File '/, "", f)
	sub(/'$/, "", f)
	keep = f ~ /^src\/[^\/]*\.c$/
	if (keep)
		order[++n] = f
	next
}
keep && /^Lines executed:/ {
	split(substr($0, 16), a, "% of ")
	lt[f] = a[2]; lc[f] = int(a[1] * a[2] / 100 + 0.5)
}
keep && /^Taken at least once:/ {
	split(substr($0, 21), a, "% of ")
	bt[f] = a[2]; bc[f] = int(a[1] * a[2] / 100 + 0.5)
}
keep && /^No branches/ { bt[f] = 0; bc[f] = 0 }
# the end of a file's block: what follows is gcov's own total
/^(Calls executed|No calls)/ { keep = 0 }
END {
	printf "%-20s %17s %17s\n", "file", "lines", "branches"
	for (i = 1; i <= n; i++) {
		f = order[i]
		if (f in seen)
			continue
		seen[f] = 1
		L += lt[f]; LC += lc[f]; B += bt[f]; BC += bc[f]
		printf "%-20s %5d/%5d %5.1f%% %5d/%5d %5.1f%%\n", f, lc[f], lt[f],
		    lt[f] ? 100 * lc[f] / lt[f] : 100, bc[f], bt[f], bt[f] ? 100 * bc[f] / bt[f] : 100
	}
	printf "%-20s %5d/%5d %5.1f%% %5d/%5d %5.1f%%\n", "total", LC, L, L ? 100 * LC / L : 100,
	    BC, B, B ? 100 * BC / B : 100
}
