/**
 * One round of the allocation as a linear program, solved by HiGHS (the `highs` package: HiGHS compiled to
 * WebAssembly). Decision 034 explains the model; in short:
 *
 * - a column x per candidate (volunteer, ranked shift still allowed), 0..1; a row per volunteer (at most one shift
 *   this round) and per shift (at most its places left). That is a bipartite b-matching: the matrix is totally
 *   unimodular, so every vertex, and so the simplex's optimum, is integral;
 * - with the experienced option a column y per shift still without anyone experienced, y <= the experienced
 *   candidates placed on it (a laminar family on the shift side: still totally unimodular);
 * - the objective is lexicographic, solved in stages. A stage maximises a few priorities at once with weights in
 *   a mixed radix (exact in doubles: every stage's weights stay below 1e9). After a stage, complementary
 *   slackness with its optimal duals describes exactly the set of its optimal solutions: a column with a nonzero
 *   reduced cost keeps its value, a row with a nonzero dual stays tight. Fixing those is a face of the same
 *   polytope (still integral) and the next stage optimises inside it, warm-started from the same basis;
 * - friends together (a MIP: z <= x of each friend) comes after the ranks, then the seeded tie-break.
 */

import type { Highs } from 'highs';

export interface RoundProblem {
  /** Volunteers taking part in the round (local indices 0..volunteers-1). */
  volunteers: number;
  /** Shifts with at least one candidate (local indices 0..shifts-1). */
  shifts: number;
  /** Places left on each local shift. */
  capacity: Int32Array;
  /** Per candidate column: its volunteer, its shift and the rank the volunteer gave the shift (1 = best). */
  colVolunteer: Int32Array;
  colShift: Int32Array;
  colRank: Int32Array;
  /** Per local volunteer: position in the seeded order (1 = first) and whether experienced. */
  position: Int32Array;
  experienced: Uint8Array;
  /** Per local shift: 1 when it still has nobody experienced and the option is on. */
  needsExperienced: Uint8Array;
  /** Mutual friends both taking part (local volunteer indices), when the option is on. */
  friendPairs: [number, number][];
  /** Size of the whole seeded order (the tie-break's weights). */
  orderSize: number;
}

/** Per local volunteer: the column chosen, or -1. */
export type RoundChoice = Int32Array;

/** The largest weight a stage may give one column: sums over 5,000 columns stay exact and well scaled. */
const STAGE_WEIGHT_LIMIT = 1e9;
const EPS = 1e-6;
/**
 * A reduced cost or row dual counts as nonzero above this. The stages' costs are integers and the matrix totally
 * unimodular, so the simplex's (basic) duals are integers too: anything between noise (~1e-9 at costs of 1e7)
 * and 1 separates them.
 */
const DUAL_EPS = 1e-3;
/** HiGHS's simplex_strategy values (SimplexStrategy in highs' types): serial dual, primal. */
const SIMPLEX_DUAL = 1;
const SIMPLEX_PRIMAL = 4;

interface Priority {
  /** Coefficient per column of the model (x, then y). */
  coefficients: Float64Array;
  /** Upper bound on the priority's value (its count). */
  bound: number;
}

export class AllocationSolverError extends Error {}

export function solveRound(highs: Highs, problem: RoundProblem): RoundChoice {
  const columns = problem.colVolunteer.length;
  const choice = new Int32Array(problem.volunteers).fill(-1);
  if (columns === 0) return choice;

  // Rows: volunteers, then shifts, then one per shift that needs someone experienced and has an experienced
  // candidate. Columns: x per candidate, then y per such shift.
  const coverRowOf = new Int32Array(problem.shifts).fill(-1);
  let coverRows = 0;
  for (let column = 0; column < columns; column += 1) {
    const shift = problem.colShift[column];
    if (problem.needsExperienced[shift] && problem.experienced[problem.colVolunteer[column]] && coverRowOf[shift] < 0) {
      coverRowOf[shift] = coverRows;
      coverRows += 1;
    }
  }
  const firstShiftRow = problem.volunteers;
  const firstCoverRow = firstShiftRow + problem.shifts;
  const numRows = firstCoverRow + coverRows;
  const numCols = columns + coverRows;

  const starts = new Int32Array(numCols + 1);
  const indices: number[] = [];
  const values: number[] = [];
  for (let column = 0; column < columns; column += 1) {
    starts[column] = indices.length;
    const shift = problem.colShift[column];
    indices.push(problem.colVolunteer[column], firstShiftRow + shift);
    values.push(1, 1);
    if (coverRowOf[shift] >= 0 && problem.experienced[problem.colVolunteer[column]]) {
      indices.push(firstCoverRow + coverRowOf[shift]);
      values.push(1);
    }
  }
  for (let cover = 0; cover < coverRows; cover += 1) {
    starts[columns + cover] = indices.length;
    indices.push(firstCoverRow + cover);
    values.push(-1);
  }
  starts[numCols] = indices.length;

  const rowLower = new Float64Array(numRows);
  const rowUpper = new Float64Array(numRows);
  for (let row = 0; row < numRows; row += 1) {
    if (row < firstShiftRow) {
      rowLower[row] = -highs.infinity;
      rowUpper[row] = 1;
    } else if (row < firstCoverRow) {
      rowLower[row] = -highs.infinity;
      rowUpper[row] = problem.capacity[row - firstShiftRow];
    } else {
      rowLower[row] = 0;
      rowUpper[row] = highs.infinity;
    }
  }

  // The priorities, most important first: most volunteers placed, most shifts given someone experienced, then
  // most 1st wishes, most 2nd wishes, ...
  const priorities: Priority[] = [];
  const placed = new Float64Array(numCols);
  placed.fill(1, 0, columns);
  priorities.push({ coefficients: placed, bound: problem.volunteers });
  if (coverRows > 0) {
    const covered = new Float64Array(numCols);
    covered.fill(1, columns, numCols);
    priorities.push({ coefficients: covered, bound: coverRows });
  }
  let maxRank = 0;
  for (let column = 0; column < columns; column += 1) maxRank = Math.max(maxRank, problem.colRank[column]);
  const perRank = new Int32Array(maxRank + 1);
  for (let column = 0; column < columns; column += 1) perRank[problem.colRank[column]] += 1;
  for (let rank = 1; rank <= maxRank; rank += 1) {
    if (perRank[rank] === 0) continue;
    const coefficients = new Float64Array(numCols);
    for (let column = 0; column < columns; column += 1) if (problem.colRank[column] === rank) coefficients[column] = 1;
    priorities.push({ coefficients, bound: Math.min(problem.volunteers, perRank[rank]) });
  }

  const model = highs.createModel({
    numCols,
    numRows,
    sense: highs.constants.objectiveSense.maximize,
    colCost: new Float64Array(numCols),
    colLower: new Float64Array(numCols),
    colUpper: new Float64Array(numCols).fill(1),
    rowLower,
    rowUpper,
    matrix: { format: 'csc', numRows, numCols, starts, indices, values },
  });
  try {
    // The first solve of a round starts cold: the primal simplex was the fastest there (2-3x the default dual on
    // the bench's instances); the later stages start from an optimal basis with new costs or fixed columns, where
    // the dual simplex was.
    model.options.set({ output_flag: false, random_seed: 0, simplex_strategy: SIMPLEX_PRIMAL });
    let integer = false;
    /** Columns in the model now (friends add some). */
    let colCount = numCols;
    /** The values reached by the stages so far, to prove that no later stage gave any of them up. */
    const reached: { readonly coefficients: Float64Array; readonly value: number }[] = [];

    const solution = () => model.getSolution().colValue;
    const objectiveOf = (coefficients: Float64Array, x: Float64Array) => {
      let sum = 0;
      for (let column = 0; column < coefficients.length; column += 1) sum += coefficients[column] * x[column];
      return sum;
    };
    const run = (what: string) => {
      const status = model.run().modelStatus;
      if (status !== highs.constants.modelStatus.optimal) {
        throw new AllocationSolverError(`HiGHS ended the ${what} stage with model status ${status}`);
      }
    };
    const isIntegral = (x: Float64Array) => x.every((value) => Math.abs(value - Math.round(value)) < EPS);
    const switchToMip = () => {
      integer = true;
      const count = colCount;
      model.changeColsIntegrality(
        { kind: 'range', from: 0, to: count - 1 },
        new Int32Array(count).fill(highs.constants.variableType.integer),
      );
      model.options.set({ mip_rel_gap: 0, mip_abs_gap: 0.5 });
    };
    /** Keeps every later solution optimal for this stage's objective. */
    const keepOptimal = (cost: Float64Array, x: Float64Array) => {
      const count = colCount;
      if (!integer) {
        const { colValue, colDual, rowValue, rowDual } = model.getSolution();
        const fixed: number[] = [];
        for (let column = 0; column < count; column += 1) if (Math.abs(colDual[column]) > DUAL_EPS) fixed.push(column);
        if (fixed.length > 0) {
          const at = Float64Array.from(fixed, (column) => Math.round(colValue[column]));
          model.changeColsBounds({ kind: 'set', indices: Int32Array.from(fixed) }, at, at);
        }
        const tight: number[] = [];
        for (let row = 0; row < rowDual.length; row += 1) if (Math.abs(rowDual[row]) > DUAL_EPS) tight.push(row);
        if (tight.length > 0) {
          const at = Float64Array.from(tight, (row) => Math.round(rowValue[row]));
          model.changeRowsBounds({ kind: 'set', indices: Int32Array.from(tight) }, at, at);
        }
      } else {
        // A MIP has no duals: the stage's objective (integer weights) becomes a row >= its optimum.
        const nonzero: number[] = [];
        for (let column = 0; column < count; column += 1) if (cost[column] !== 0) nonzero.push(column);
        const optimum = Math.round(objectiveOf(cost, x));
        model.addRow(optimum - 0.5, highs.infinity, {
          indices: Int32Array.from(nonzero),
          values: Float64Array.from(nonzero, (column) => cost[column]),
        });
      }
    };
    const stage = (what: string, cost: Float64Array, last = false) => {
      model.changeColsCost({ kind: 'range', from: 0, to: cost.length - 1 }, cost);
      run(what);
      model.options.set({ simplex_strategy: SIMPLEX_DUAL });
      let x = solution();
      if (!integer && !isIntegral(x)) {
        // Not expected (the LP stages are totally unimodular); kept as a safety net, see decision 034.
        switchToMip();
        run(`${what} (integer)`);
        x = solution();
      }
      for (const earlier of reached) {
        if (Math.round(objectiveOf(earlier.coefficients, x)) < earlier.value) {
          throw new AllocationSolverError(`the ${what} stage gave up an earlier priority`);
        }
      }
      if (!last) keepOptimal(cost, x);
      return x;
    };

    // Rank stages: consecutive priorities share a stage while their mixed-radix weights stay below the limit.
    for (let first = 0; first < priorities.length; ) {
      let last = first;
      let span = priorities[first].bound + 1;
      while (last + 1 < priorities.length && span * (priorities[last + 1].bound + 1) <= STAGE_WEIGHT_LIMIT) {
        last += 1;
        span *= priorities[last].bound + 1;
      }
      const cost = new Float64Array(colCount);
      let weight = 1;
      for (let index = last; index >= first; index -= 1) {
        const { coefficients, bound } = priorities[index];
        for (let column = 0; column < numCols; column += 1) cost[column] += weight * coefficients[column];
        weight *= bound + 1;
      }
      const x = stage('priority', cost);
      for (let index = first; index <= last; index += 1) {
        const { coefficients } = priorities[index];
        reached.push({ coefficients, value: Math.round(objectiveOf(coefficients, x)) });
      }
      first = last + 1;
    }

    // Friends together: z <= x of each friend on a shift both may get this round that has two places left.
    if (problem.friendPairs.length > 0) {
      const columnOf = new Map<number, number>();
      const columnsOf = new Map<number, number[]>();
      for (let column = 0; column < columns; column += 1) {
        const volunteer = problem.colVolunteer[column];
        columnOf.set(volunteer * problem.shifts + problem.colShift[column], column);
        const list = columnsOf.get(volunteer);
        if (list) list.push(column);
        else columnsOf.set(volunteer, [column]);
      }
      const together: number[] = [];
      for (const [a, b] of problem.friendPairs) {
        for (const column of columnsOf.get(a) ?? []) {
          const shift = problem.colShift[column];
          const other = columnOf.get(b * problem.shifts + shift);
          if (other === undefined || problem.capacity[shift] < 2) continue;
          const z = colCount;
          model.addVar(0, 1);
          colCount += 1;
          model.addRow(-highs.infinity, 0, { indices: Int32Array.from([column, z]), values: [-1, 1] });
          model.addRow(-highs.infinity, 0, { indices: Int32Array.from([other, z]), values: [-1, 1] });
          together.push(z);
        }
      }
      if (together.length > 0) {
        if (!integer) switchToMip();
        const cost = new Float64Array(colCount);
        for (const z of together) cost[z] = 1;
        stage('friends', cost);
      }
    }

    // Ties, last: earlier in the seeded order and a better rank weigh more, (N - position + 1) * (K + 1 - rank).
    const tie = new Float64Array(colCount);
    for (let column = 0; column < columns; column += 1) {
      tie[column] =
        (problem.orderSize - problem.position[problem.colVolunteer[column]] + 1) *
        (maxRank + 1 - problem.colRank[column]);
    }
    const x = stage('tie', tie, true);
    for (let column = 0; column < columns; column += 1) {
      if (x[column] > 0.5) choice[problem.colVolunteer[column]] = column;
    }
    return choice;
  } finally {
    model.dispose();
  }
}

let loading: Promise<Highs> | null = null;

/** HiGHS, loaded once per thread (its WebAssembly takes a few tens of milliseconds to compile). */
export function loadSolver(): Promise<Highs> {
  if (!loading) {
    loading = import('highs').then((module) => module.default());
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}
