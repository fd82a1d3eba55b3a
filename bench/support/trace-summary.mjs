// @ts-check
// Reads a Chromium trace (Playwright's browser.startTracing / stopTracing, i.e. the DevTools protocol's Tracing
// domain) and says what each task over a threshold on the page's main thread was made of: the self time of
// every trace event inside it (script, style, layout, paint, GC…), the input events it handled, and — when the
// trace holds the V8 sampling profiler's chunks — the JavaScript functions that took its time.

/** Categories that give the main thread's tasks, their parts and the sampled JavaScript. */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'blink.user_timing',
  'disabled-by-default-v8.cpu_profiler',
  'v8',
];

/**
 * @typedef {{ name: string, ph: string, ts: number, dur?: number, tdur?: number, pid: number, tid: number,
 *   args?: any, id?: string, cat?: string }} TraceEvent
 * @typedef {{ start: number, duration: number, cpu: number, parts: [string, number][], inputs: string[],
 *   functions: [string, number][], modules: [string, number][] }} LongTask
 * @typedef {(line: number) => string | null} ModuleOf the bundled module a line of the page's script is in
 */

/**
 * When the page marked `mark` (performance.mark): the trace's events before it are left out (the sampling
 * profiler's start-up, the warm-up). 0 when there is no such mark.
 * @param {TraceEvent[]} events @param {string | undefined} mark
 */
function markTime(events, mark) {
  if (!mark) return 0;
  return events.find((event) => event.name === mark && event.cat?.includes('user_timing'))?.ts ?? 0;
}

/**
 * For an esbuild bundle (not minified): the module each line belongs to, from esbuild's `// path` comments.
 * @param {string} bundle
 * @returns {ModuleOf}
 */
export function bundleModules(bundle) {
  /** @type {[number, string][]} */
  const marks = [];
  bundle.split('\n').forEach((line, index) => {
    const match = /^\s{2}\/\/ ((?:node_modules|packages|stories|bench|apps)\/\S+)$/.exec(line);
    if (match?.[1])
      marks.push([index + 1, match[1].replace(/^node_modules\//, '').replace(/\/(dist|cjs|esm)\/.*$/, '')]);
  });
  return (line) => {
    let low = 0;
    let high = marks.length - 1;
    let found = null;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const mark = marks[middle];
      if (mark && mark[0] <= line) {
        found = mark[1];
        low = middle + 1;
      } else high = middle - 1;
    }
    return found;
  };
}

/**
 * @param {Buffer | string} raw the trace as stopTracing answers it
 * @param {number} thresholdMs tasks longer than this are described
 * @param {ModuleOf} moduleOf
 * @param {string} [mark] a performance.mark of the page; only tasks from it on are described
 * @returns {LongTask[]}
 */
export function summariseTrace(raw, thresholdMs = 50, moduleOf = () => null, mark = undefined) {
  const parsed = JSON.parse(raw.toString());
  /** @type {TraceEvent[]} */
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const mains = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const onMain = (/** @type {TraceEvent} */ event) => mains.has(`${event.pid}:${event.tid}`);
  const complete = events
    .filter((event) => event.ph === 'X' && onMain(event) && typeof event.dur === 'number')
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const samples = profileSamples(events, moduleOf);
  const threshold = thresholdMs * 1000;
  const from = markTime(events, mark);
  /** @type {LongTask[]} */
  const tasks = [];
  for (const task of complete) {
    if (task.name !== 'RunTask' || (task.dur ?? 0) <= threshold || task.ts < from) continue;
    const end = task.ts + (task.dur ?? 0);
    const inside = complete.filter(
      (event) =>
        event !== task &&
        event.pid === task.pid &&
        event.tid === task.tid &&
        event.ts >= task.ts &&
        event.ts + (event.dur ?? 0) <= end,
    );
    tasks.push({
      start: task.ts,
      duration: (task.dur ?? 0) / 1000,
      cpu: (task.tdur ?? task.dur ?? 0) / 1000,
      parts: selfTimes(task, inside),
      inputs: [
        ...new Set(
          inside
            .filter((event) => event.name === 'EventDispatch' && event.args?.data?.type)
            .map((event) => String(event.args.data.type)),
        ),
      ],
      functions: topFunctions(samples, task.pid, task.tid, task.ts, end, 'fn'),
      modules: topFunctions(samples, task.pid, task.tid, task.ts, end, 'module'),
    });
  }
  return tasks;
}

/**
 * Self time (ms) per event name inside a task, longest first: each event's duration less its children's.
 * @param {TraceEvent} task @param {TraceEvent[]} inside sorted by start
 * @returns {[string, number][]}
 */
function selfTimes(task, inside) {
  /** @type {Map<string, number>} */
  const totals = new Map();
  /** @type {{ event: TraceEvent, end: number, self: number }[]} */
  const stack = [{ event: task, end: task.ts + (task.dur ?? 0), self: task.dur ?? 0 }];
  const close = (/** @type {number} */ until) => {
    while (stack.length > 1 && (stack.at(-1)?.end ?? 0) <= until) {
      const done = stack.pop();
      if (done) totals.set(done.event.name, (totals.get(done.event.name) ?? 0) + done.self);
    }
  };
  for (const event of inside) {
    close(event.ts);
    const parent = stack.at(-1);
    if (parent) parent.self -= event.dur ?? 0;
    stack.push({ event, end: event.ts + (event.dur ?? 0), self: event.dur ?? 0 });
  }
  close(Number.POSITIVE_INFINITY);
  const root = stack[0];
  if (root) totals.set('(task itself)', root.self);
  return [...totals.entries()]
    .map(/** @returns {[string, number]} */ ([name, us]) => [name, us / 1000])
    .filter(([, ms]) => ms >= 0.5)
    .sort((a, b) => b[1] - a[1]);
}

/**
 * The V8 sampling profiler's samples: time (trace µs), thread and the function on top of the stack.
 * @param {TraceEvent[]} events @param {ModuleOf} moduleOf
 */
function profileSamples(events, moduleOf) {
  /** @type {Map<string, { pid: number, tid: number, start: number, nodes: Map<number, { fn: string, module: string }>, time: number }>} */
  const profiles = new Map();
  /** @type {{ pid: number, tid: number, ts: number, fn: string, module: string }[]} */
  const samples = [];
  for (const event of events) {
    if (event.name === 'Profile') {
      profiles.set(`${event.pid}:${event.id}`, {
        pid: event.pid,
        tid: event.tid,
        start: event.args?.data?.startTime ?? event.ts,
        nodes: new Map(),
        time: event.args?.data?.startTime ?? event.ts,
      });
    } else if (event.name === 'ProfileChunk') {
      const profile = profiles.get(`${event.pid}:${event.id}`);
      const data = event.args?.data;
      if (!profile || !data) continue;
      for (const node of data.cpuProfile?.nodes ?? []) {
        const frame = node.callFrame ?? {};
        const where = frame.url
          ? ` ${String(frame.url).split('/').at(-1)}:${(frame.lineNumber ?? 0) + 1}:${(frame.columnNumber ?? 0) + 1}`
          : '';
        const fn = `${frame.functionName || '(anonymous)'}${where}`;
        const module = frame.url
          ? String(frame.url)
          : typeof frame.lineNumber === 'number' && frame.lineNumber >= 0
            ? moduleOf(frame.lineNumber + 1)
            : null;
        profile.nodes.set(node.id, { fn, module: module ?? fn });
      }
      const ids = data.cpuProfile?.samples ?? [];
      const deltas = data.timeDeltas ?? [];
      for (let index = 0; index < ids.length; index += 1) {
        profile.time += deltas[index] ?? 0;
        const node = profile.nodes.get(ids[index]) ?? { fn: '?', module: '?' };
        samples.push({ pid: profile.pid, tid: profile.tid, ts: profile.time, ...node });
      }
    }
  }
  return samples;
}

/**
 * The functions (or modules) most often on top of the stack between `from` and `to` (ms, estimated from
 * sample spacing).
 * @param {ReturnType<typeof profileSamples>} samples
 * @param {number} pid @param {number} tid @param {number} from @param {number} to
 * @param {'fn' | 'module'} key
 * @returns {[string, number][]}
 */
function topFunctions(samples, pid, tid, from, to, key) {
  const inside = samples.filter(
    (sample) => sample.pid === pid && sample.tid === tid && sample.ts >= from && sample.ts <= to,
  );
  if (inside.length === 0) return [];
  const each = (to - from) / 1000 / inside.length;
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const sample of inside) counts.set(sample[key], (counts.get(sample[key]) ?? 0) + 1);
  return [...counts.entries()]
    .map(/** @returns {[string, number]} */ ([fn, count]) => [fn, count * each])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12);
}

/**
 * Main-thread CPU time (ms) per kind of work over the whole trace: script, style, layout, paint, layerize, GC.
 * @param {Buffer | string} raw @param {string} [mark] counted from this performance.mark on
 * @returns {[string, number][]}
 */
export function traceTotals(raw, mark) {
  const parsed = JSON.parse(raw.toString());
  /** @type {TraceEvent[]} */
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const mains = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const kinds = [
    'FunctionCall',
    'UpdateLayoutTree',
    'Layout',
    'PrePaint',
    'Paint',
    'Layerize',
    'Commit',
    'HitTest',
    'MinorGC',
    'MajorGC',
  ];
  /** @type {Map<string, number>} */
  const totals = new Map(kinds.map((kind) => [kind, 0]));
  const from = markTime(events, mark);
  for (const event of events)
    if (
      event.ph === 'X' &&
      event.ts >= from &&
      totals.has(event.name) &&
      mains.has(`${event.pid}:${event.tid}`)
    )
      totals.set(event.name, (totals.get(event.name) ?? 0) + (event.tdur ?? event.dur ?? 0) / 1000);
  return [...totals.entries()];
}

/**
 * The main thread's tasks by their CPU time (thread time, which the machine's load does not stretch the way it
 * stretches wall time): how many took over 16 and over 50 ms of CPU, and the longest.
 * @param {Buffer | string} raw @param {string} [mark] counted from this performance.mark on
 */
export function taskCpu(raw, mark) {
  const parsed = JSON.parse(raw.toString());
  /** @type {TraceEvent[]} */
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const mains = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const from = markTime(events, mark);
  const cpu = events
    .filter(
      (event) =>
        event.ph === 'X' &&
        event.name === 'RunTask' &&
        event.ts >= from &&
        mains.has(`${event.pid}:${event.tid}`),
    )
    .map((event) => (event.tdur ?? event.dur ?? 0) / 1000);
  return {
    over16: cpu.filter((value) => value > 16).length,
    over50: cpu.filter((value) => value > 50).length,
    longest: cpu.length ? Math.max(...cpu) : 0,
    total: cpu.reduce((sum, value) => sum + value, 0),
  };
}

/** @param {LongTask[]} tasks @param {(line: string) => void} print */
export function printLongTasks(tasks, print) {
  for (const task of tasks) {
    print(
      `trace  task of ${task.duration.toFixed(0)} ms (CPU ${task.cpu.toFixed(0)} ms)${task.inputs.length ? ` (input: ${task.inputs.join(', ')})` : ''}`,
    );
    print(
      `trace    parts: ${task.parts
        .slice(0, 10)
        .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
        .join(', ')}`,
    );
    if (task.modules.length)
      print(
        `trace    JS by module: ${task.modules.map(([module, ms]) => `${module} ${ms.toFixed(1)}`).join(' | ')}`,
      );
    if (task.functions.length)
      print(`trace    JS: ${task.functions.map(([fn, ms]) => `${fn} ${ms.toFixed(1)}`).join(' | ')}`);
  }
}
