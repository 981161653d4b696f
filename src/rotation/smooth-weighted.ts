// Smooth weighted round-robin (nginx's upstream algorithm): every pick adds each member's weight
// to their running value, takes the highest (ties: the lowest user id, the members' fixed order),
// and takes the weights' total off the one picked. Over every full cycle (as many picks as the
// weights add up to) each member is picked exactly their weight's times, spread out: weights 3
// and 1 give a a b a, then again; 2, 2 and 1 give a b c a b. Pure: the caller keeps the values.

export interface Contender {
  userId: number;
  weight: number;
  current: number;
}

/** The member picked and every member's value after the pick (in the order given). */
export function pickSmooth(members: readonly Contender[]): { picked: number; currents: Map<number, number> } {
  if (members.length === 0) throw new Error('pickSmooth needs a member');
  const ordered = [...members].sort((a, b) => a.userId - b.userId);
  let total = 0;
  const currents = new Map<number, number>();
  let best: { userId: number; value: number } | null = null;
  for (const m of ordered) {
    total += m.weight;
    const value = m.current + m.weight;
    currents.set(m.userId, value);
    if (best === null || value > best.value) best = { userId: m.userId, value };
  }
  currents.set(best!.userId, best!.value - total);
  return { picked: best!.userId, currents };
}
