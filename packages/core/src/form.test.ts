import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  blurField,
  createForm,
  formValues,
  readValue,
  requiredFieldMessage,
  setFieldValue,
  validateField,
  validateForm,
  type FieldState,
  type FieldType,
  type RawFieldValue,
} from './form';

function field<T extends FieldType>(type: T, value: RawFieldValue): FieldState<T> {
  return { type, value, error: null, blurred: false };
}

function signUpForm() {
  return createForm({
    name: { type: 'string', required: true, label: 'Name' },
    age: { type: 'integer', value: '' },
    password: { type: 'string', value: '' },
    confirm: {
      type: 'string',
      value: '',
      validator: (value, form) => (value === form.password?.value ? null : 'Passwords do not match'),
    },
  });
}

describe('createForm', () => {
  it('starts every field with its value, no error and not blurred, keeping the definition', () => {
    const form = signUpForm();
    expect(form.name).toEqual({
      type: 'string',
      required: true,
      label: 'Name',
      value: undefined,
      error: null,
      blurred: false,
    });
    expect(form.age).toEqual({ type: 'integer', value: '', error: null, blurred: false });
    expect(typeof form.confirm.validator).toBe('function');
  });

  it('types fields, values and validator arguments after the definitions', () => {
    const form = createForm({
      count: { type: 'integer', validator: (value) => (value !== null && value > 3 ? 'Too many' : null) },
      when: { type: 'date' },
    });
    expectTypeOf(formValues(form)).toEqualTypeOf<{ count: number | null; when: Date | null }>();
    expectTypeOf(readValue(form.when)).toEqualTypeOf<Date | null>();
    // @ts-expect-error: no such field
    expect(() => setFieldValue(form, 'missing', 1)).toThrow();
  });
});

describe('readValue', () => {
  it('reads integers only when the value is a whole number', () => {
    expect(readValue(field('integer', '42'))).toBe(42);
    expect(readValue(field('integer', ' -7 '))).toBe(-7);
    expect(readValue(field('integer', '+3'))).toBe(3);
    expect(readValue(field('integer', 12))).toBe(12);
    expect(readValue(field('integer', '3.5'))).toBeNull();
    expect(readValue(field('integer', 3.5))).toBeNull();
    expect(readValue(field('integer', '12abc'))).toBeNull();
    expect(readValue(field('integer', '1e3'))).toBeNull();
    expect(readValue(field('integer', ''))).toBeNull();
    expect(readValue(field('integer', '99999999999999999999'))).toBeNull();
    expect(readValue(field('integer', Number.NaN))).toBeNull();
    expect(readValue(field('integer', true))).toBeNull();
    expect(readValue(field('integer', undefined))).toBeNull();
  });

  it('reads floats only when the value is a decimal number', () => {
    expect(readValue(field('float', '3.25'))).toBe(3.25);
    expect(readValue(field('float', ' -.5 '))).toBe(-0.5);
    expect(readValue(field('float', '2.'))).toBe(2);
    expect(readValue(field('float', '1.5e3'))).toBe(1500);
    expect(readValue(field('float', 7))).toBe(7);
    expect(readValue(field('float', '12abc'))).toBeNull();
    expect(readValue(field('float', '.'))).toBeNull();
    expect(readValue(field('float', '0x10'))).toBeNull();
    expect(readValue(field('float', 'Infinity'))).toBeNull();
    expect(readValue(field('float', '1e999'))).toBeNull();
    expect(readValue(field('float', Number.POSITIVE_INFINITY))).toBeNull();
    expect(readValue(field('float', null))).toBeNull();
  });

  it('reads booleans as true only for true, 1, true, 1 and on', () => {
    for (const value of [true, 1, 'true', 'TRUE', '1', 'on', ' On ']) {
      expect(readValue(field('boolean', value))).toBe(true);
    }
    for (const value of [false, 0, 2, 'false', 'yes', 'off', '', null, undefined]) {
      expect(readValue(field('boolean', value))).toBe(false);
    }
  });

  it('reads dates, null when invalid', () => {
    expect(readValue(field('date', '2024-02-29T10:00:00Z'))).toEqual(new Date('2024-02-29T10:00:00Z'));
    expect(readValue(field('date', 0))).toEqual(new Date(0));
    const picked = new Date('2024-01-01T00:00:00Z');
    const read = readValue(field('date', picked));
    expect(read).toEqual(picked);
    expect(read).not.toBe(picked);
    expect(readValue(field('date', 'not a date'))).toBeNull();
    expect(readValue(field('date', new Date(Number.NaN)))).toBeNull();
    expect(readValue(field('date', '  '))).toBeNull();
    expect(readValue(field('date', true))).toBeNull();
  });

  it('keeps strings as typed, null when there is no value', () => {
    expect(readValue(field('string', '  spaced  '))).toBe('  spaced  ');
    expect(readValue(field('string', ''))).toBe('');
    expect(readValue(field('string', 5))).toBe('5');
    expect(readValue(field('string', new Date('2024-01-01T00:00:00Z')))).toBe('2024-01-01T00:00:00.000Z');
    expect(readValue(field('string', undefined))).toBeNull();
    expect(readValue(field('string', null))).toBeNull();
  });
});

describe('validateField', () => {
  it('fails a required field that is empty or does not convert', () => {
    const form = createForm({
      text: { type: 'string', required: true },
      count: { type: 'integer', required: true },
    });
    for (const value of [undefined, null, '', '   ']) {
      expect(validateField(setFieldValue(form, 'text', value), 'text').text.error).toBe(requiredFieldMessage);
    }
    expect(validateField(setFieldValue(form, 'count', 'abc'), 'count').count.error).toBe(
      'This field is required',
    );
    expect(validateField(setFieldValue(form, 'text', 'x'), 'text').text.error).toBeNull();
    expect(validateField(setFieldValue(form, 'count', '0'), 'count').count.error).toBeNull();
  });

  it('passes an empty optional field and a required false checkbox', () => {
    const form = createForm({
      note: { type: 'string' },
      agree: { type: 'boolean', required: true, value: false },
    });
    expect(validateField(form, 'note').note.error).toBeNull();
    expect(validateField(form, 'agree').agree.error).toBeNull();
  });

  it('lets a custom validator override the required check', () => {
    const lenient = createForm({ code: { type: 'string', required: true, validator: () => null } });
    expect(validateField(lenient, 'code').code.error).toBeNull();

    const strict = createForm({
      code: { type: 'string', validator: (value) => (value?.length === 6 ? null : 'Enter the 6-digit code') },
    });
    expect(validateField(strict, 'code').code.error).toBe('Enter the 6-digit code');
    expect(validateField(setFieldValue(strict, 'code', '123456'), 'code').code.error).toBeNull();
  });

  it('gives the validator the converted value and the whole form', () => {
    const seen: unknown[] = [];
    const form = createForm({
      count: { type: 'integer', value: ' 12 ', validator: (value, all) => (seen.push(value, all), null) },
    });
    validateField(form, 'count');
    expect(seen).toEqual([12, form]);
  });

  it('returns a new form and leaves the old one and the other fields untouched', () => {
    const form = signUpForm();
    const next = validateField(form, 'name');
    expect(next).not.toBe(form);
    expect(form.name.error).toBeNull();
    expect(next.name.error).toBe(requiredFieldMessage);
    expect(next.age).toBe(form.age);
  });

  it('rejects an unknown field at run time', () => {
    const form = signUpForm() as ReturnType<typeof signUpForm> & Record<string, FieldState>;
    expect(() => validateField(form, 'nope')).toThrow("Unknown form field 'nope'");
  });
});

describe('setFieldValue and blurField', () => {
  it('sets the value without judging a field the user has not left', () => {
    const form = setFieldValue(signUpForm(), 'name', '');
    expect(form.name).toMatchObject({ value: '', error: null, blurred: false });
  });

  it('validates on blur, then keeps the error in step with edits', () => {
    const blurred = blurField(signUpForm(), 'name');
    expect(blurred.name).toMatchObject({ blurred: true, error: requiredFieldMessage });
    const typed = setFieldValue(blurred, 'name', 'Ada');
    expect(typed.name).toMatchObject({ value: 'Ada', error: null, blurred: true });
    expect(setFieldValue(typed, 'name', ' ').name.error).toBe(requiredFieldMessage);
  });

  it('clears an error shown by a submit once the value is fixed', () => {
    const { form } = validateForm(signUpForm());
    expect(form.name.error).toBe(requiredFieldMessage);
    expect(setFieldValue(form, 'name', 'Ada').name.error).toBeNull();
  });

  it('validates a cross-field rule against the updated form', () => {
    let form = blurField(setFieldValue(signUpForm(), 'password', 'secret'), 'confirm');
    expect(form.confirm.error).toBe('Passwords do not match');
    form = setFieldValue(form, 'confirm', 'secret');
    expect(form.confirm.error).toBeNull();
  });

  it('does not change the form it was given', () => {
    const form = signUpForm();
    setFieldValue(form, 'name', 'Ada');
    blurField(form, 'name');
    expect(form.name).toMatchObject({ value: undefined, blurred: false, error: null });
  });
});

describe('validateForm', () => {
  it('puts an error on every failing field and is invalid', () => {
    const { form, valid } = validateForm(setFieldValue(signUpForm(), 'password', 'secret'));
    expect(valid).toBe(false);
    expect(form.name.error).toBe(requiredFieldMessage);
    expect(form.age.error).toBeNull();
    expect(form.password.error).toBeNull();
    expect(form.confirm.error).toBe('Passwords do not match');
  });

  it('is valid only when no field has an error, clearing stale errors', () => {
    let form = validateForm(signUpForm()).form;
    form = setFieldValue(form, 'name', 'Ada');
    const result = validateForm(form);
    expect(result.valid).toBe(true);
    expect(Object.values(result.form).map((state) => state.error)).toEqual([null, null, null, null]);
  });

  it('is valid for a form without fields', () => {
    expect(validateForm(createForm({}))).toEqual({ form: {}, valid: true });
  });
});

describe('formValues', () => {
  it('converts every field by its type', () => {
    const form = createForm({
      name: { type: 'string', value: 'Ada ' },
      age: { type: 'integer', value: '36' },
      rate: { type: 'float', value: '4.5' },
      premium: { type: 'boolean', value: 'on' },
      since: { type: 'date', value: '2020-01-02T00:00:00Z' },
      missing: { type: 'integer', value: 'x' },
    });
    expect(formValues(form)).toEqual({
      name: 'Ada ',
      age: 36,
      rate: 4.5,
      premium: true,
      since: new Date('2020-01-02T00:00:00Z'),
      missing: null,
    });
  });
});
