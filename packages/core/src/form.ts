export type FieldType = 'string' | 'integer' | 'float' | 'boolean' | 'date';

/** What a field of each type reads as once converted. */
export type FieldValueOf = { string: string; integer: number; float: number; boolean: boolean; date: Date };

/** What an input may hand over: text from a text box, a boolean from a checkbox, a Date from a picker. */
export type RawFieldValue = string | number | boolean | Date | null | undefined;

export const requiredFieldMessage = 'This field is required';

export type FieldDefinition<T extends FieldType = FieldType> = {
  value?: RawFieldValue;
  type: T;
  required?: boolean;
  /** Replaces the required check when present; gets the converted value and the whole form. */
  validator?(value: FieldValueOf[T] | null, form: FormState): string | null;
  label?: string;
};

/** Any definition, discriminated by `type` so a validator's value is typed after its field. */
export type AnyFieldDefinition = { [T in FieldType]: FieldDefinition<T> }[FieldType];

export type FieldState<T extends FieldType = FieldType> = Omit<FieldDefinition<T>, 'value'> & {
  value: RawFieldValue;
  error: string | null;
  blurred: boolean;
};

export type FormDefinitions = Record<string, AnyFieldDefinition>;

/** A form seen without its field names, as validators receive it. */
export type FormState = Readonly<Record<string, FieldState>>;

export type Form<D extends FormDefinitions> = { readonly [K in keyof D]: FieldState<D[K]['type']> };

export type FormValues<D extends FormDefinitions> = {
  -readonly [K in keyof D]: FieldValueOf[D[K]['type']] | null;
};

/** A fresh form: every field holds its definition's value (or undefined), no error, not blurred. */
export function createForm<D extends FormDefinitions>(definitions: D): Form<D> {
  const form: Record<string, FieldState> = {};
  for (const [name, definition] of Object.entries(definitions)) {
    form[name] = { ...definition, value: definition.value, error: null, blurred: false };
  }
  return form as Form<D>;
}

function fieldOf<D extends FormDefinitions>(form: Form<D>, name: keyof D & string): FieldState {
  const field = (form as FormState)[name];
  if (field === undefined) throw new Error(`Unknown form field '${name}'`);
  return field;
}

function withField<D extends FormDefinitions>(
  form: Form<D>,
  name: keyof D & string,
  field: FieldState,
): Form<D> {
  return { ...form, [name]: field };
}

function isEmpty(raw: RawFieldValue): boolean {
  return raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
}

function readInteger(raw: RawFieldValue): number | null {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) ? raw : null;
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  if (!/^[+-]?\d+$/.test(text)) return null;
  const value = parseInt(text, 10);
  // Beyond 2^53 parseInt silently rounds, which would store a different number than was typed.
  return Number.isSafeInteger(value) ? value : null;
}

function readFloat(raw: RawFieldValue): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  // parseFloat alone would read '12abc' as 12; only a whole decimal number counts.
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return null;
  const value = parseFloat(text);
  return Number.isFinite(value) ? value : null;
}

function readBoolean(raw: RawFieldValue): boolean {
  if (typeof raw === 'boolean') return raw;
  if (typeof raw === 'number') return raw === 1;
  if (typeof raw !== 'string') return false;
  return ['true', '1', 'on'].includes(raw.trim().toLowerCase());
}

function readDate(raw: RawFieldValue): Date | null {
  let date: Date;
  if (raw instanceof Date) date = new Date(raw.getTime());
  else if (typeof raw === 'number') date = new Date(raw);
  else if (typeof raw === 'string' && raw.trim() !== '') date = new Date(raw.trim());
  else return null;
  return Number.isNaN(date.getTime()) ? null : date;
}

function readString(raw: RawFieldValue): string | null {
  if (raw === undefined || raw === null) return null;
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : raw.toISOString();
  return String(raw);
}

/**
 * A field's value converted by its type: integer (whole numbers only) and float (decimal numbers only) give
 * null for anything else; boolean is true for true, 1, 'true', '1' and 'on' and false otherwise; date gives null
 * when invalid; string keeps the text as typed (null when there is none).
 */
export function readValue<T extends FieldType>(field: FieldState<T>): FieldValueOf[T] | null;
export function readValue(field: FieldState): FieldValueOf[FieldType] | null {
  switch (field.type) {
    case 'integer':
      return readInteger(field.value);
    case 'float':
      return readFloat(field.value);
    case 'boolean':
      return readBoolean(field.value);
    case 'date':
      return readDate(field.value);
    case 'string':
      return readString(field.value);
  }
}

function fieldError(form: FormState, field: FieldState): string | null {
  const value = readValue(field);
  if (field.validator) return field.validator(value, form);
  if (field.required === true && (isEmpty(field.value) || value === null)) return requiredFieldMessage;
  return null;
}

/** Sets a field's raw value; once the field was blurred or shows an error, its error follows the edit. */
export function setFieldValue<D extends FormDefinitions>(
  form: Form<D>,
  name: keyof D & string,
  raw: RawFieldValue,
): Form<D> {
  const field = { ...fieldOf(form, name), value: raw };
  const next = withField(form, name, field);
  if (!field.blurred && field.error === null) return next;
  return withField(next, name, { ...field, error: fieldError(next, field) });
}

/** Marks a field as left by the user and validates it. */
export function blurField<D extends FormDefinitions>(form: Form<D>, name: keyof D & string): Form<D> {
  const field = { ...fieldOf(form, name), blurred: true };
  return withField(form, name, { ...field, error: fieldError(form, field) });
}

/**
 * Validates one field: a custom validator decides alone when present; otherwise a required field that is
 * empty (undefined, null, blank text) or does not convert fails with 'This field is required'.
 */
export function validateField<D extends FormDefinitions>(form: Form<D>, name: keyof D & string): Form<D> {
  const field = fieldOf(form, name);
  return withField(form, name, { ...field, error: fieldError(form, field) });
}

/** Validates every field against the form as it stands; valid only when no field has an error. */
export function validateForm<D extends FormDefinitions>(form: Form<D>): { form: Form<D>; valid: boolean } {
  const next: Record<string, FieldState> = {};
  let valid = true;
  for (const [name, field] of Object.entries(form as FormState)) {
    const error = fieldError(form, field);
    if (error !== null) valid = false;
    next[name] = { ...field, error };
  }
  return { form: next as Form<D>, valid };
}

/** Every field's converted value, by name. */
export function formValues<D extends FormDefinitions>(form: Form<D>): FormValues<D> {
  const values: Record<string, FieldValueOf[FieldType] | null> = {};
  for (const [name, field] of Object.entries(form as FormState)) values[name] = readValue(field);
  return values as FormValues<D>;
}
