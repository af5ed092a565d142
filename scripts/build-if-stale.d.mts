export interface BuildPart {
  name: string;
  workspace: string;
  output: string;
  sources: string[];
}
export const PARTS: { server: BuildPart; web: BuildPart };
export function isStale(part: BuildPart): boolean;
export function buildIfStale(names: ('server' | 'web')[], options?: { quiet?: boolean }): void;
