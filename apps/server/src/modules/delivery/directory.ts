/**
 * The PIN code directory that ships with the shop (pincodes/india-post.tsv, made by scripts/build-pincodes.mjs from
 * India Post's list): PIN -> state and district, read once into memory (about 19,000 PINs, a few milliseconds, a
 * couple of MB) and shared by every app in the process. The admin's corrections (pincode_overrides) go on top of it.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { INDIAN_STATES, type IndianState } from '@shop/domain/delivery';

/** Found from src/ and from dist/ alike. */
const DIRECTORY_FILE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'pincodes', 'india-post.tsv');

export interface PinPlace {
  state: IndianState;
  district: string;
}

const STATES = new Set<string>(INDIAN_STATES);

/** Parses the directory's text: `state <TAB> district <TAB> PIN PIN ...` per line, `#` comments. */
function parseDirectory(text: string): Map<string, PinPlace> {
  const directory = new Map<string, PinPlace>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const [state, district, pins] = line.split('\t');
    if (!state || !STATES.has(state) || district === undefined || !pins) throw new Error(`pincode directory: bad line "${line.slice(0, 80)}"`);
    const place: PinPlace = { state: state as IndianState, district };
    for (const pin of pins.split(' ')) directory.set(pin, place);
  }
  return directory;
}

let loaded: Map<string, PinPlace> | undefined;

/** The directory, read from its file on first use. */
export function pinDirectory(): Map<string, PinPlace> {
  loaded ??= parseDirectory(readFileSync(DIRECTORY_FILE, 'utf8'));
  return loaded;
}
