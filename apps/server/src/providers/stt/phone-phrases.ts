/**
 * What callers commonly say on a business's phone line, whatever the business: the general part of an agent's
 * recognition language model, mixed with the agent's own words (its prompt and knowledge).
 */
export const phonePhrases: readonly string[] = [
  'hi i have a question',
  'hello i was wondering if you could help me',
  'what are your hours',
  'what are your opening hours',
  'what time do you open',
  'what time do you close today',
  'are you open on saturday',
  'are you open on sunday',
  'are you open on the weekend',
  'are you open tomorrow',
  'where are you located',
  'what is your address',
  'how do i get there',
  'is there parking',
  'how much does it cost',
  'how much is it',
  'what do you charge for that',
  'what are your prices',
  'do you take insurance',
  'do you accept credit cards',
  'can i pay by card',
  'do you take cash',
  'can i book an appointment',
  "i'd like to book an appointment",
  "i'd like to make a reservation",
  'do you have any openings this week',
  'do you have anything available tomorrow morning',
  'can i come in today',
  'i need to cancel my appointment',
  'i need to reschedule',
  'can i speak to someone',
  'can i talk to a person',
  'can you transfer me',
  'can i leave a message',
  'please have someone call me back',
  'my name is',
  'my number is',
  'my email is',
  'do you offer that',
  'do you have that',
  'do you do that',
  'how long does it take',
  'what is your phone number',
  'do you have a website',
  'is there a fee',
  'is it free',
  'do i need an appointment',
  'do you take walk ins',
  'what do you recommend',
  'do you have a warranty',
  'what is your refund policy',
  'i want a refund',
  'i have a problem with my order',
  'i forgot my password',
  'it is an emergency',
  'yes please',
  'no thank you',
  "that's all thank you",
  'thank you goodbye',
  'okay great',
  'sounds good',
  'monday tuesday wednesday thursday friday saturday sunday',
  'today tomorrow this week next week morning afternoon evening',
  'one two three four five six seven eight nine ten eleven twelve',
  'twenty thirty forty fifty sixty seventy eighty ninety hundred dollars',
];

/**
 * Everyday English words that any caller may use whatever the business, beyond the phrases above: each is in the
 * agent's model as a word of its own, so a question that strays from the agent's words is not forced onto them.
 */
export const commonWords: readonly string[] = `
  the be to of and a in that have i it for not on with he as you do at this but his by from they we say her she
  or an will my one all would there their what so up out if about who get which go me when make can like time no
  just him know take people into year your good some could them see other than then now look only come its over
  think also back after use two how our work first well way even new want because any these give day most us is
  are was were been has had did does said got need last long great little own old right big high small next early
  late here why where much many more very too really still again always never sometimes soon already before
  between during until since while each every both another something anything nothing someone anyone everyone
  thing things place home house car phone call called calling number name help should may might must let put
  keep find tell ask show try leave feel seem mean hear live open close start stop wait pay buy send bring
  yesterday tonight year hour minute minutes hours days weeks years ago later
`
  .trim()
  .split(/\s+/);
