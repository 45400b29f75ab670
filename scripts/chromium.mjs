/** The one Chromium the browser tests, the layout shots and Lighthouse drive: Debian's, headless, in a container. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** No sandbox (root in a container), no GPU, no /dev/shm, and nothing that calls home or updates itself mid-run. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
