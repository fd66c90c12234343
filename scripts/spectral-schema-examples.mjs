// Spectral's oas3-valid-schema-example finds schemas with `$..content..`, which also walks into example values:
// an example object that has `type` and `example` fields (an agent template's fields do) is taken for a schema
// and reported. This keeps the rule and its function, and looks only inside the `schema` of each media type,
// header and parameter.
import { oas } from '@stoplight/spectral-rulesets';

const rule = oas.rules['oas3-valid-schema-example'];
const inside = /^\$\.\.(content|headers|parameters)\.\.\[\?\((.*)\)\]$/;

export default {
  rules: {
    'oas3-valid-schema-example': {
      ...rule,
      given: rule.given.flatMap((path) => {
        const match = inside.exec(path);
        if (!match) return [path];
        const [, place, condition] = match;
        return [
          `$..${place}[*][?(@property === 'schema' && ${condition})]`,
          `$..${place}[*].schema..[?(${condition})]`,
        ];
      }),
    },
  },
};
