import { App } from "./app/App";
import { preloadRoute } from "./app/routes";
import { loadServerCache } from "./shared/api/swr";
import { currentPath } from "./shared/lib/navigation";
import { getToken } from "./shared/state/store";
import { boot } from "./shared/ui/providers";
import "./shared/ui/theme.css";

// Once the stored session is read, the signed-in user's offline copy of server data is read before the first render
// (the service worker is registered after it, by src/app/pwa/), and the first screen's chunks start loading beside
// it, in a task of their own (appending a screen's twenty-odd preload links costs a phone about 60 ms).
void boot(<App />, () => {
  const signedIn = Boolean(getToken());
  setTimeout(() => preloadRoute(currentPath(), signedIn));
  return loadServerCache();
});
