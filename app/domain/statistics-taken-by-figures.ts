// "Vem tar de släppta namnen?" as it travels to /statistik/vem-tar: each period's rows turned into
// lists of numbers, as /statistik's figures are (statistics-figures.ts, decision 0058).
import { CHAR_GROUPS, LENGTH_GROUPS } from "./statistics";
import { TAKEN_BY_KINDS, type TakenByGroup, type TakenByWindow } from "./statistics-taken-by";

/**
 * A period of "Vem tar de släppta namnen?": operators as indexes into `names`, each operator as
 * [name index, kind index, known 0/1, names, median seconds], each group of LENGTH_GROUPS then
 * CHAR_GROUPS as [released, taken, a count per kind, median seconds or -1, then name index, kind
 * index, known, names for each of its largest operators] after the group's count of those.
 */
export type PackedTakenBy = {
  head: [days: number, released: number, taken: number, medianSeconds: number, otherOperators: number, otherNames: number];
  names: string[];
  operators: number[];
  groups: number[][];
};

const KIND_COUNT = TAKEN_BY_KINDS.length;

export function packTakenBy(window: TakenByWindow): PackedTakenBy {
  const names: string[] = [];
  const nameIndex = (name: string) => {
    const at = names.indexOf(name);
    return at >= 0 ? at : names.push(name) - 1;
  };
  const kindIndex = (kind: string) => TAKEN_BY_KINDS.findIndex((candidate) => candidate === kind);
  const packGroup = (group: TakenByGroup) => [
    group.released,
    group.taken,
    ...TAKEN_BY_KINDS.map((kind) => group.kinds[kind]),
    group.medianSeconds ?? -1,
    group.topOperators.length,
    ...group.topOperators.flatMap((top) => [nameIndex(top.operator), kindIndex(top.kind), top.known ? 1 : 0, top.names]),
  ];
  return {
    head: [window.days, window.released, window.taken, window.medianSeconds ?? -1, window.otherOperators.operators, window.otherOperators.names],
    operators: window.operators.flatMap((entry) => [nameIndex(entry.operator), kindIndex(entry.kind), entry.known ? 1 : 0, entry.names, entry.medianSeconds]),
    groups: [...window.byLength, ...window.byChars].map(packGroup),
    names,
  };
}

export function unpackTakenBy(packed: PackedTakenBy): TakenByWindow {
  const [days, released, taken, medianSeconds, otherOperators, otherNames] = packed.head;
  const operator = (numbers: number[], at: number) => ({
    operator: packed.names[numbers[at]],
    kind: TAKEN_BY_KINDS[numbers[at + 1]],
    known: numbers[at + 2] === 1,
    names: numbers[at + 3],
  });
  const group = (numbers: number[], { key, label }: { key: string; label: string }): TakenByGroup => {
    const median = numbers[2 + KIND_COUNT];
    const tops = numbers[3 + KIND_COUNT];
    return {
      key,
      label,
      released: numbers[0],
      taken: numbers[1],
      kinds: Object.fromEntries(TAKEN_BY_KINDS.map((kind, index) => [kind, numbers[2 + index]])) as TakenByGroup["kinds"],
      topOperators: Array.from({ length: tops }, (_, index) => operator(numbers, 4 + KIND_COUNT + index * 4)),
      medianSeconds: median < 0 ? null : median,
    };
  };
  return {
    days: days as TakenByWindow["days"],
    released,
    taken,
    medianSeconds: medianSeconds < 0 ? null : medianSeconds,
    operators: Array.from({ length: packed.operators.length / 5 }, (_, index) => ({
      ...operator(packed.operators, index * 5),
      medianSeconds: packed.operators[index * 5 + 4],
    })),
    otherOperators: { operators: otherOperators, names: otherNames },
    byLength: LENGTH_GROUPS.map((entry, index) => group(packed.groups[index], entry)),
    byChars: CHAR_GROUPS.map((entry, index) => group(packed.groups[LENGTH_GROUPS.length + index], entry)),
  };
}

