/** The deepest nesting of arrays and objects a JSON request body or socket message may have. */
export const maxJsonDepth = 64;

/**
 * Whether JSON text nests arrays and objects deeper than `limit`: one pass over the characters, before anything
 * parses or walks the value, so a 50,000-deep body costs a scan rather than a stack overflow further on.
 */
export function exceedsJsonDepth(text: string, limit = maxJsonDepth): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index += 1;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x7b || code === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 0x7d || code === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}

export const tooDeepMessage = (what: string) => `${what} is nested more than ${maxJsonDepth} levels deep`;
