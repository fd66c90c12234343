import { readFileSync } from 'node:fs';

const shells = new Set(['sh', 'dash', 'bash', 'zsh']);

function readProc(pid: number): { command: string; parent: number } | null {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ...", and comm may itself hold spaces or parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const command = stat.slice(stat.indexOf('(') + 1, close);
    const parent = Number(stat.slice(close + 2).split(' ')[1]);
    return { command, parent };
  } catch {
    return null;
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Calls `onGone` once the process that launched this one exits. npm runs scripts through `sh -c`, and a shell
 * outlives a SIGKILLed npm, so the watched process is the nearest ancestor that is not a shell.
 */
export function watchLauncher(onGone: () => void, intervalMs = 1000): () => void {
  const startParent = process.ppid;
  let launcher = startParent;
  for (
    let info = readProc(launcher);
    info && shells.has(info.command) && info.parent > 1;
    info = readProc(launcher)
  ) {
    launcher = info.parent;
  }
  const timer = setInterval(() => {
    if (process.ppid !== startParent || !alive(launcher)) {
      clearInterval(timer);
      onGone();
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
