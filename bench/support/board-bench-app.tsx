// The page bench/board-render.mjs loads in Chromium: the kit's Board with N generated tasks (the stories'
// fixtures), rendered on demand so the bench can time the first render and watch the commits during a drag.
import { Profiler, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { Board, type BoardMoveEvent, type BoardTaskView } from '@farol/ui/tasks';
import { applyMove, columns, lanesByAssignee, manyTasks, TODAY } from '../../stories/ui/tasks/task-fixtures';

interface BenchWindow {
  __board: {
    render(
      count: number,
      options?: { lanes?: boolean; virtualizeAt?: number },
    ): Promise<{ total: number; react: number }>;
    unmount(): void;
    commits: number[];
    moves: BoardMoveEvent[];
  };
}

const commits: number[] = [];
const moves: BoardMoveEvent[] = [];
let root: Root | null = null;

function App({
  tasks: initial,
  lanes,
  virtualizeAt,
}: {
  tasks: BoardTaskView[];
  lanes: boolean;
  virtualizeAt?: number;
}) {
  const [tasks, setTasks] = useState(initial);
  return (
    <Profiler id="board" onRender={(_id, _phase, actualDuration) => commits.push(actualDuration)}>
      <Board
        columns={columns}
        tasks={tasks}
        lanes={lanes ? lanesByAssignee : undefined}
        today={TODAY}
        virtualizeAt={virtualizeAt}
        onMove={(event) => {
          moves.push(event);
          setTasks((current) => applyMove(current, event));
        }}
      />
    </Profiler>
  );
}

const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

(window as unknown as BenchWindow).__board = {
  commits,
  moves,
  async render(count, options = {}) {
    root?.unmount();
    const element = document.getElementById('root')!;
    root = createRoot(element);
    const tasks = manyTasks(count);
    const start = performance.now();
    // Synchronous render and commit (effects included), then the first frame after it.
    flushSync(() =>
      root!.render(<App tasks={tasks} lanes={options.lanes ?? false} virtualizeAt={options.virtualizeAt} />),
    );
    const react = performance.now() - start;
    await nextPaint();
    return { total: performance.now() - start, react };
  },
  unmount() {
    root?.unmount();
    root = null;
  },
};
