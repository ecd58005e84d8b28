import { App } from "./app/App";
import { loadServerCache } from "./shared/api/swr";
import { boot } from "./shared/ui/providers";
import "./shared/ui/theme.css";

// The signed-in user's offline copy of server data is read before the first render (the service worker is
// registered after it, by src/app/pwa/).
void boot(<App />, loadServerCache);
