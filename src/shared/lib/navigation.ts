/** Navigation outside React (after logout, on a 999 answer): hash routes, so setting the hash is enough. */
export function navigate(path: string, options: { replace?: boolean } = {}): void {
  const target = `#${path}`;
  if (options.replace) window.history.replaceState(null, "", target);
  else window.history.pushState(null, "", target);
  // pushState/replaceState don't fire hashchange; wouter's hash location listens for it.
  window.dispatchEvent(new HashChangeEvent("hashchange"));
}

export const currentPath = (): string => window.location.hash.replace(/^#/, "").split("?")[0] || "/";
