import { describe, expect, it } from 'vitest';
import { questionParts } from './answers';
import { parseRule } from './rules';

describe('reading conditional prompt lines as rules', () => {
  it('turns what to tell the caller into words said to the caller', () => {
    expect(parseRule('If a caller asks for a refund, tell them to email billing@ledgerly.com.')).toEqual({
      topic: 'a refund',
      response: 'Please email billing@ledgerly.com.',
    });
    expect(
      parseRule('If someone asks about parking, tell them there is free parking behind the building.'),
    ).toEqual({
      topic: 'parking',
      response: 'There is free parking behind the building.',
    });
    expect(parseRule('When the customer asks about fees, explain that their first visit is free.')).toEqual({
      topic: 'fees',
      response: 'Your first visit is free.',
    });
    expect(parseRule('If the caller has a burst pipe then tell them to shut off the main valve')).toEqual({
      topic: 'a burst pipe',
      response: 'Please shut off the main valve.',
    });
  });

  it('keeps a condition whole across "or" and leaves actions to the functions', () => {
    expect(
      parseRule(
        'When a caller asks for a person, or has a problem you cannot solve, transfer the call to the desk.',
      ),
    ).toBeNull();
    expect(parseRule('If a caller wants to book, take their name and number.')).toBeNull();
    expect(parseRule('We are open on weekdays.')).toBeNull();
  });
});

describe('the parts of a question', () => {
  it('splits clauses joined before a question word and sentences, and keeps a subjectless part with the one before', () => {
    expect(questionParts('What does a check-up cost, and are you open Saturdays?')).toEqual([
      'What does a check-up cost',
      'are you open Saturdays?',
    ]);
    expect(questionParts('Can I bring wine? What is the corkage?')).toEqual([
      'Can I bring wine?',
      'What is the corkage?',
    ]);
    expect(questionParts('My dog ate chocolate. What should I do?')).toEqual([
      'My dog ate chocolate. What should I do?',
    ]);
    expect(questionParts('Are you open Saturdays and Sundays?')).toEqual([
      'Are you open Saturdays and Sundays?',
    ]);
  });
});
