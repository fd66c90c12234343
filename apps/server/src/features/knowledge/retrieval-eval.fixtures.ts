import type { SitePage } from './test-site';

// Three small business sites written for the retrieval evaluation (our own text, free to use), and questions a
// caller asks, each with the page and a passage of it that answers.

const html = (title: string, body: string): SitePage => ({
  type: 'text/html; charset=utf-8',
  body: `<!doctype html><html><head><title>${title}</title></head><body><header><a href="/">Home</a> <a href="/contact">Contact</a></header><main>${body}</main><footer>All rights reserved.</footer></body></html>`,
});

export const evaluationPages: Record<string, SitePage> = {
  '/vet/hours': html(
    'Harbor Vet hours',
    '<h1>Hours and location</h1><p>Harbor Vet is open Monday to Friday from 8 am to 6 pm.</p><h2>Weekends</h2><p>On Saturdays we open from 9 am until 1 pm. The clinic is closed on Sundays and public holidays.</p><h2>Finding us</h2><p>We are at 14 Dock Road, next to the ferry terminal. Free parking is behind the building.</p>',
  ),
  '/vet/prices': html(
    'Harbor Vet prices',
    '<h1>Prices</h1><h2>Exams</h2><p>A wellness exam costs $65 for dogs and cats. Exotic pets such as rabbits and birds cost $80.</p><h2>Vaccines</h2><p>The rabies vaccine is $25. The distemper combination vaccine is $35.</p><h2>Dental</h2><p>A dental cleaning under anaesthesia starts at $320, including pre-anaesthetic blood work.</p>',
  ),
  '/vet/policies': html(
    'Harbor Vet policies',
    '<h1>Policies</h1><h2>Cancellations</h2><p>Appointments cancelled with less than 24 hours notice are charged a $20 fee.</p><h2>Payment</h2><p>We accept cash, all major credit cards and CareCredit. Payment is due at the time of service.</p><h2>Emergencies</h2><p>After hours, call the Bayside Animal Emergency Center at 555-0199.</p>',
  ),
  '/vet/surgery.md': {
    type: 'text/markdown',
    body: '# Surgery\n\n## Before surgery\n\nDo not feed your pet after 10 pm the night before surgery. Water is fine until morning.\n\n## Spay and neuter\n\nSpaying a cat costs $180 and neutering a cat costs $140. Dogs are priced by weight.\n\n## Recovery\n\nMost pets go home the same day with a cone and pain medication for five days.\n',
  },
  '/bakery/menu': html(
    'Crumb & Co menu',
    '<h1>Menu</h1><h2>Breads</h2><p>Our sourdough loaf is $8 and is baked fresh every morning at 6 am.</p><p>The seeded rye is $9 and contains sesame and sunflower seeds.</p><h2>Pastries</h2><p>Croissants are $4 each; almond croissants are $5.</p><h2>Cakes</h2><p>Custom birthday cakes start at $45 and need three days notice.</p>',
  ),
  '/bakery/allergens': html(
    'Crumb & Co allergens',
    '<h1>Allergens</h1><p>All products are made in a kitchen that handles wheat, nuts, milk and eggs.</p><h2>Gluten free</h2><p>We bake a gluten-free loaf on Fridays only, made with rice and buckwheat flour.</p><h2>Vegan</h2><p>The sourdough and the seeded rye are vegan. Our croissants contain butter.</p>',
  ),
  '/bakery/orders': html(
    'Crumb & Co orders and delivery',
    '<h1>Orders</h1><h2>Catering</h2><p>Catering trays for offices feed twelve people and cost $60.</p><h2>Delivery</h2><p>We deliver within 5 miles for a $7 fee; orders over $50 are delivered free.</p><h2>Pickup</h2><p>Order online before 3 pm for pickup the next morning.</p>',
  ),
  '/plumbing/services': html(
    'Rapid Flow Plumbing services',
    '<h1>Services</h1><h2>Drain cleaning</h2><p>Clearing a blocked kitchen or bathroom drain costs $149 flat.</p><h2>Water heaters</h2><p>We install tank and tankless water heaters; installing a 50-gallon tank heater costs $1,450 including removal of the old one.</p><h2>Leak detection</h2><p>Our acoustic leak detection finds hidden leaks behind walls and under slabs.</p>',
  ),
  '/plumbing/emergency': html(
    'Rapid Flow Plumbing emergencies',
    '<h1>Emergency service</h1><p>We answer emergency calls 24 hours a day, 7 days a week.</p><h2>Call-out fee</h2><p>Emergency visits at night or on weekends carry a $95 call-out fee on top of the work.</p><h2>Burst pipes</h2><p>If a pipe bursts, close the main shut-off valve, usually near the water meter, then call us.</p>',
  ),
  '/plumbing/warranty.txt': {
    type: 'text/plain',
    body: 'Warranty\n\nAll repairs carry a one-year labour warranty.\n\nWater heaters we install are covered for six years on parts by the manufacturer.\n\nService area: we serve Springfield, Shelbyville and Ogdenville.\n',
  },
};

export interface EvaluationCase {
  question: string;
  /** The page that answers, and a passage of its answer (in the expected chunk). */
  path: string;
  passage: string;
}

export const evaluationCases: readonly EvaluationCase[] = [
  { question: 'Are you open on Saturday?', path: '/vet/hours', passage: 'On Saturdays we open' },
  { question: 'Is the clinic open on Sundays?', path: '/vet/hours', passage: 'closed on Sundays' },
  { question: 'Where are you located?', path: '/vet/hours', passage: '14 Dock Road' },
  { question: 'Is there parking?', path: '/vet/hours', passage: 'Free parking' },
  { question: 'How much is a wellness exam for my dog?', path: '/vet/prices', passage: '$65' },
  { question: 'What does the rabies shot cost?', path: '/vet/prices', passage: 'rabies vaccine is $25' },
  { question: 'How much is a dental cleaning?', path: '/vet/prices', passage: '$320' },
  { question: 'Do you charge if I cancel my appointment?', path: '/vet/policies', passage: '$20 fee' },
  { question: 'Can I pay with CareCredit?', path: '/vet/policies', passage: 'CareCredit' },
  { question: 'Who do I call in an emergency at night?', path: '/vet/policies', passage: '555-0199' },
  { question: 'Can my cat eat before surgery?', path: '/vet/surgery.md', passage: 'Do not feed your pet' },
  { question: 'How much does it cost to spay a cat?', path: '/vet/surgery.md', passage: '$180' },
  { question: 'How much is a sourdough loaf?', path: '/bakery/menu', passage: 'sourdough loaf is $8' },
  { question: 'What is the price of an almond croissant?', path: '/bakery/menu', passage: '$5' },
  {
    question: 'How much notice do you need for a birthday cake?',
    path: '/bakery/menu',
    passage: 'three days',
  },
  { question: 'Do you have gluten free bread?', path: '/bakery/allergens', passage: 'gluten-free loaf' },
  { question: 'Are the croissants vegan?', path: '/bakery/allergens', passage: 'croissants contain butter' },
  { question: 'Is your kitchen nut free?', path: '/bakery/allergens', passage: 'wheat, nuts' },
  { question: 'Do you deliver, and what does delivery cost?', path: '/bakery/orders', passage: '$7 fee' },
  { question: 'Can you cater an office lunch?', path: '/bakery/orders', passage: 'Catering trays' },
  {
    question: 'When do I have to order for pickup tomorrow?',
    path: '/bakery/orders',
    passage: 'before 3 pm',
  },
  { question: 'How much to unclog a drain?', path: '/plumbing/services', passage: '$149' },
  {
    question: 'What does a new water heater installation cost?',
    path: '/plumbing/services',
    passage: '$1,450',
  },
  { question: 'Can you find a leak behind a wall?', path: '/plumbing/services', passage: 'leak detection' },
  { question: 'Do you come out at night for emergencies?', path: '/plumbing/emergency', passage: '24 hours' },
  { question: 'Is there an extra fee for a weekend visit?', path: '/plumbing/emergency', passage: '$95' },
  {
    question: 'A pipe burst, what should I do?',
    path: '/plumbing/emergency',
    passage: 'main shut-off valve',
  },
  { question: 'What warranty do repairs have?', path: '/plumbing/warranty.txt', passage: 'one-year labour' },
  { question: 'Do you serve Shelbyville?', path: '/plumbing/warranty.txt', passage: 'Shelbyville' },
];
