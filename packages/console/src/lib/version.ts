/**
 * The new-version dot (spec §1): the console compares its own version with `latestRelease` of a
 * release information document, `{ "latestRelease": "1.31.0" }` or, as release APIs answer,
 * `{ "latestRelease": { "tag_name": "v1.31.0" } }`. Pure.
 */

type Version = { core: [number, number, number]; prerelease: string[] };

/** `1.2.3`, `v1.2.3`, `1.2` or `1.2.3-beta.1` (build metadata after `+` ignored); undefined otherwise. */
export const parseVersion = (text: string): Version | undefined => {
  const match = /^v?(\d+)\.(\d+)(?:\.(\d+))?(?:-([\da-z.-]+))?(?:\+[\da-z.-]+)?$/i.exec(text.trim());
  if (!match) {
    return undefined;
  }
  return { core: [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)], prerelease: match[4] ? match[4].split('.') : [] };
};

const compareIdentifiers = (a: string, b: string) => {
  const numeric = /^\d+$/;
  if (numeric.test(a) && numeric.test(b)) {
    return Number(a) - Number(b);
  }
  if (numeric.test(a) !== numeric.test(b)) {
    // Numeric identifiers rank below alphanumeric ones.
    return numeric.test(a) ? -1 : 1;
  }
  return a < b ? -1 : a > b ? 1 : 0;
};

/** Semantic version order: negative when `a` comes before `b`. A pre-release ranks below its release. */
export const compareVersions = (a: Version, b: Version): number => {
  for (let index = 0; index < 3; index++) {
    const difference = a.core[index]! - b.core[index]!;
    if (difference !== 0) {
      return difference;
    }
  }
  if (a.prerelease.length === 0 || b.prerelease.length === 0) {
    return b.prerelease.length - a.prerelease.length;
  }
  for (let index = 0; index < Math.max(a.prerelease.length, b.prerelease.length); index++) {
    const left = a.prerelease[index];
    const right = b.prerelease[index];
    if (left === undefined || right === undefined) {
      return left === undefined ? -1 : 1;
    }
    const difference = compareIdentifiers(left, right);
    if (difference !== 0) {
      return difference;
    }
  }
  return 0;
};

/** The version named by a release information document, or undefined when it names none. */
export const latestReleaseOf = (document: unknown): string | undefined => {
  if (typeof document !== 'object' || document === null) {
    return undefined;
  }
  const latest = (document as { latestRelease?: unknown }).latestRelease;
  if (typeof latest === 'string') {
    return latest;
  }
  const tag = typeof latest === 'object' && latest !== null ? (latest as { tag_name?: unknown }).tag_name : undefined;
  return typeof tag === 'string' ? tag : undefined;
};

/** True when the document's latest release is a valid version newer than `current`. */
export const hasNewerRelease = (document: unknown, current: string): boolean => {
  const latestText = latestReleaseOf(document);
  const latest = latestText === undefined ? undefined : parseVersion(latestText);
  const running = parseVersion(current);
  return Boolean(latest && running && compareVersions(latest, running) > 0);
};
