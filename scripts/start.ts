// `npm start`: build the web app if its sources changed, then run the whole platform in this process.
import { ensureWebBuild } from './web-build';

ensureWebBuild();
// When the launching command (npm) is killed, even with SIGKILL, the platform stops too and frees its data
// directory instead of living on as an orphan.
process.env.STOP_WITH_PARENT ??= 'true';
await import('../apps/server/src/main');
