import type { SitePage } from './test-site';

// Small business sites written for the retrieval evaluation (our own text, free to use), and questions a
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

  '/dental/hours': html(
    'Bright Smile Dental hours and location',
    '<h1>Visit us</h1><h2>Office hours</h2><table><tr><th>Day</th><th>Hours</th></tr><tr><td>Monday</td><td>7 am to 4 pm</td></tr><tr><td>Tuesday to Thursday</td><td>8 am to 5 pm</td></tr><tr><td>Friday</td><td>8 am to noon</td></tr></table><p>We are closed on weekends.</p><h2>Address</h2><p>Bright Smile Dental is on the second floor of the Maple Medical Building, 220 Orchard Avenue. Take the elevator beside the pharmacy.</p>',
  ),
  '/dental/services': html(
    'Bright Smile Dental services and fees',
    '<h1>Services</h1><h2>Cleanings</h2><p>A routine cleaning and exam for adults is $120 without insurance; children under 12 are $85.</p><h2>Whitening</h2><p>In-office whitening takes about 90 minutes and costs $399. Take-home trays are $199.</p><h2>Invisalign</h2><p>Clear aligner treatment with Invisalign starts at $3,800, with payment plans over 24 months.</p><h2>Crowns</h2><p>A porcelain crown is $1,150 and is usually finished in two visits about two weeks apart.</p>',
  ),
  '/dental/insurance': html(
    'Bright Smile Dental insurance and payment',
    '<h1>Insurance and payment</h1><p>We are in network with Delta Dental PPO, Cigna, MetLife and Guardian.</p><p>We do not accept Medicaid or HMO plans.</p><h2>No insurance?</h2><p>Our Smile Club membership is $299 a year and covers two cleanings, x-rays and 15% off other treatment.</p>',
  ),
  '/dental/faq.md': {
    type: 'text/markdown',
    body: '# Frequently asked questions\n\n## Do you see children?\n\nYes, we see patients from age three. Parents may stay in the room.\n\n## What if I have a toothache after hours?\n\nCall our main number and choose option 2 to reach the on-call dentist.\n\n## Do you offer sedation?\n\nWe offer nitrous oxide (laughing gas) for $50 per visit for nervous patients.\n',
  },
  '/auto/services': html(
    'Northside Auto Care services',
    '<h1>Services and prices</h1><table><tr><th>Service</th><th>Price</th></tr><tr><td>Synthetic oil change</td><td>$69.95</td></tr><tr><td>Tire rotation</td><td>$25</td></tr><tr><td>Brake pads, per axle</td><td>$189</td></tr><tr><td>Check engine light diagnostic</td><td>$110</td></tr><tr><td>State inspection</td><td>$35</td></tr></table><h2>Loaner cars</h2><p>A free loaner car is available for repairs that take longer than one day; please reserve it when you book.</p>',
  ),
  '/auto/hours': html(
    'Northside Auto Care hours',
    '<h1>Hours</h1><p>The shop is open Monday to Friday 7:30 am to 6 pm and Saturday 8 am to 2 pm.</p><h2>After-hours drop-off</h2><p>Use the key drop box next to the front door; fill in the envelope with your name, phone number and the work you need.</p>',
  ),
  '/auto/warranty': html(
    'Northside Auto Care warranty',
    '<h1>Our warranty</h1><p>Parts and labour on every repair are guaranteed for 24 months or 24,000 miles, whichever comes first.</p><h2>Towing</h2><p>We work with Miller Towing; tows within 10 miles of the shop are free when we do the repair.</p>',
  ),
  '/salon/prices': html(
    'Velvet Hair Studio price list',
    '<h1>Price list</h1><h2>Cuts</h2><p>Women\u2019s cut and blow-dry $65. Men\u2019s cut $40. Kids under 10 $25.</p><h2>Colour</h2><p>Full highlights start at $140; a root touch-up is $80. Balayage starts at $180.</p><h2>Treatments</h2><p>A keratin smoothing treatment is $250 and lasts about three months.</p>',
  ),
  '/salon/booking': html(
    'Velvet Hair Studio booking policy',
    '<h1>Booking</h1><p>Book online or call the front desk. New colour clients need a patch test at least 48 hours before their appointment.</p><h2>Late arrivals</h2><p>If you arrive more than 15 minutes late we may need to shorten or reschedule your service.</p><h2>No-shows</h2><p>Missed appointments without notice are charged 50% of the booked service.</p>',
  ),
  '/salon/stylists.md': {
    type: 'text/markdown',
    body: '# Our stylists\n\n## Priya\n\nPriya specialises in curly hair and the Deva cut. She works Tuesday to Saturday.\n\n## Marco\n\nMarco does barbering, fades and beard trims. He works Wednesday to Sunday.\n\n## Jen\n\nJen is our colour director and does all bridal hair and updos.\n',
  },
  '/inn/rooms': html(
    'Seagrass Inn rooms and rates',
    '<h1>Rooms and rates</h1><h2>Garden room</h2><p>Queen bed, garden view, $159 a night midweek and $189 on Friday and Saturday.</p><h2>Ocean suite</h2><p>King bed, balcony over the bay and a soaking tub, $289 a night.</p><h2>Extra guests</h2><p>A rollaway bed is $25 a night. Cribs are free on request.</p>',
  ),
  '/inn/policies': html(
    'Seagrass Inn policies',
    '<h1>Guest policies</h1><h2>Check-in and check-out</h2><p>Check-in is from 3 pm to 9 pm; check-out is by 11 am. Late arrivals get a lockbox code by text.</p><h2>Pets</h2><p>Dogs under 40 pounds are welcome in garden rooms for $30 per stay. No cats, please.</p><h2>Cancellation</h2><p>Cancel at least 7 days before arrival for a full refund; later cancellations forfeit the first night.</p>',
  ),
  '/inn/breakfast': html(
    'Seagrass Inn breakfast',
    '<h1>Breakfast</h1><p>A cooked breakfast is included with every stay and is served in the sunroom from 7:30 to 10 am.</p><p>Tell us about dietary needs the day before; we can make dairy-free and gluten-free dishes.</p>',
  ),
  '/gym/membership': html(
    'Ironworks Fitness membership',
    '<h1>Membership</h1><table><tr><th>Plan</th><th>Monthly</th></tr><tr><td>Basic (gym floor)</td><td>$29</td></tr><tr><td>Plus (classes and sauna)</td><td>$49</td></tr><tr><td>Student with valid ID</td><td>$19</td></tr></table><p>There is a one-time enrolment fee of $39, waived in January.</p><h2>Freezing and cancelling</h2><p>You can freeze your membership for up to three months a year for $5 a month. Cancelling needs 30 days written notice.</p>',
  ),
  '/gym/classes': html(
    'Ironworks Fitness class timetable',
    '<h1>Classes</h1><p>Spin runs Monday, Wednesday and Friday at 6 am and 6 pm.</p><p>Yoga is on Tuesday and Thursday at 7 pm and Sunday at 9 am.</p><h2>Personal training</h2><p>A one-hour session with a personal trainer is $70, or $600 for a pack of ten.</p>',
  ),
  '/gym/faq.txt': {
    type: 'text/plain',
    body: 'Ironworks Fitness FAQ\n\nThe gym is open 24 hours for members with a key fob; staffed hours are 6 am to 9 pm.\n\nGuests may train with a member for $10 a visit, up to four times a month.\n\nTowels are free. Lockers are day-use only; bring your own padlock.\n',
  },
  '/law/services': html(
    'Alvarez & Cho estate planning',
    '<h1>Estate planning</h1><p>A simple will for one person is a flat fee of $650; a couple\u2019s pair of wills is $950.</p><h2>Trusts</h2><p>A revocable living trust package, including pour-over wills and powers of attorney, is $2,400.</p><h2>Consultations</h2><p>The first 30-minute consultation is free, by phone or in person.</p>',
  ),
  '/law/probate.md': {
    type: 'text/markdown',
    body: '# Probate\n\n## How long does probate take?\n\nIn this state an uncontested probate usually takes nine to twelve months from filing.\n\n## What does it cost?\n\nWe handle probate for an hourly rate of $275, with a retainer of $3,000 paid up front.\n\n## Documents to bring\n\nBring the death certificate, the original will if there is one, and recent bank and property statements.\n',
  },
  '/cafe/menu': html(
    'Tamarind Kitchen menu',
    '<h1>Menu</h1><h2>Starters</h2><p>Vegetable samosas (2) $7. Chicken 65 $12, a spicy fried chicken from Chennai.</p><h2>Curries</h2><p>Butter chicken $18. Palak paneer $16. Lamb rogan josh $21. All curries come with basmati rice.</p><h2>Spice levels</h2><p>Every dish can be made mild, medium or hot; the rogan josh is medium unless you ask.</p>',
  ),
  '/cafe/reservations': html(
    'Tamarind Kitchen reservations and events',
    '<h1>Reservations</h1><p>We take reservations for parties of up to eight online; for larger groups call us.</p><h2>Private dining</h2><p>The back room seats 30 and can be booked for events with a $500 minimum spend.</p><h2>Corkage</h2><p>You are welcome to bring your own wine; corkage is $15 a bottle.</p><h2>Opening hours</h2><p>Dinner Tuesday to Sunday from 5 to 10 pm; lunch buffet on weekends from noon to 3 pm. Closed Mondays.</p>',
  ),
};

/** The business a page belongs to (its first path segment): each business's pages form a knowledge base. */
export const businessOf = (path: string) => path.split('/')[1] ?? '';

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
  // Tables, FAQs, paraphrases that share few words with the answer, and the odd typo.
  { question: 'What time do you open on Monday?', path: '/dental/hours', passage: '7 am to 4 pm' },
  { question: 'Are you open Friday afternoon?', path: '/dental/hours', passage: '8 am to noon' },
  { question: 'Which building is the dentist in?', path: '/dental/hours', passage: 'Maple Medical Building' },
  { question: 'Can I come in on a Saturday?', path: '/dental/hours', passage: 'closed on weekends' },
  { question: 'How much is a teeth cleaning without insurance?', path: '/dental/services', passage: '$120' },
  { question: 'What does whitening cost?', path: '/dental/services', passage: '$399' },
  { question: 'How much is Invisalign?', path: '/dental/services', passage: '$3,800' },
  { question: 'how much for invisalighn', path: '/dental/services', passage: '$3,800' },
  { question: 'How many appointments does a crown take?', path: '/dental/services', passage: 'two visits' },
  { question: 'Do you take Delta Dental?', path: '/dental/insurance', passage: 'Delta Dental PPO' },
  { question: 'Is Medicaid accepted?', path: '/dental/insurance', passage: 'do not accept Medicaid' },
  {
    question: "I don't have dental coverage, is there a plan?",
    path: '/dental/insurance',
    passage: 'Smile Club',
  },
  { question: 'Can my four year old see the dentist?', path: '/dental/faq.md', passage: 'from age three' },
  {
    question: 'My tooth hurts and it is 10 at night, who do I call?',
    path: '/dental/faq.md',
    passage: 'option 2',
  },
  { question: 'Do you have laughing gas?', path: '/dental/faq.md', passage: 'nitrous oxide' },
  { question: 'How much is an oil change?', path: '/auto/services', passage: '$69.95' },
  { question: 'What do you charge to rotate tires?', path: '/auto/services', passage: 'Tire rotation' },
  { question: 'Price for new brake pads?', path: '/auto/services', passage: 'Brake pads' },
  {
    question: 'My check engine light is on, how much to look at it?',
    path: '/auto/services',
    passage: '$110',
  },
  {
    question: 'Can I get a car to drive while mine is in the shop?',
    path: '/auto/services',
    passage: 'loaner car',
  },
  { question: 'Are you open Saturdays?', path: '/auto/hours', passage: 'Saturday 8 am to 2 pm' },
  { question: 'Can I drop my car off after you close?', path: '/auto/hours', passage: 'key drop box' },
  { question: 'How long are repairs guaranteed?', path: '/auto/warranty', passage: '24 months' },
  { question: 'Do you tow cars?', path: '/auto/warranty', passage: 'Miller Towing' },
  { question: 'How much is a haircut for a man?', path: '/salon/prices', passage: 'cut $40' },
  { question: 'What do highlights cost?', path: '/salon/prices', passage: 'Full highlights' },
  { question: 'how much is balyage', path: '/salon/prices', passage: 'Balayage starts at $180' },
  { question: 'How long does a keratin treatment last?', path: '/salon/prices', passage: 'three months' },
  { question: 'Do I need an allergy test before colouring?', path: '/salon/booking', passage: 'patch test' },
  { question: 'What happens if I am running late?', path: '/salon/booking', passage: '15 minutes late' },
  { question: 'What is the fee for missing an appointment?', path: '/salon/booking', passage: '50%' },
  { question: 'Who is good with curly hair?', path: '/salon/stylists.md', passage: 'Deva cut' },
  { question: 'Does anyone do beard trims?', path: '/salon/stylists.md', passage: 'beard trims' },
  {
    question: 'I am getting married, who does wedding hair?',
    path: '/salon/stylists.md',
    passage: 'bridal hair',
  },
  { question: 'How much is a room on a Saturday night?', path: '/inn/rooms', passage: '$189' },
  { question: 'Do you have a room with a balcony?', path: '/inn/rooms', passage: 'balcony over the bay' },
  { question: 'Can you add a crib for our baby?', path: '/inn/rooms', passage: 'Cribs are free' },
  { question: 'What time is check-in?', path: '/inn/policies', passage: 'from 3 pm to 9 pm' },
  { question: 'We arrive at midnight, how do we get in?', path: '/inn/policies', passage: 'lockbox code' },
  { question: 'Can I bring my dog?', path: '/inn/policies', passage: 'Dogs under 40 pounds' },
  { question: 'Do I get my money back if I cancel?', path: '/inn/policies', passage: 'full refund' },
  { question: 'Is breakfast included?', path: '/inn/breakfast', passage: 'included with every stay' },
  { question: 'When is breakfast served?', path: '/inn/breakfast', passage: '7:30 to 10 am' },
  {
    question: 'I am lactose intolerant, can you cater for that in the morning?',
    path: '/inn/breakfast',
    passage: 'dairy-free',
  },
  { question: 'How much is a gym membership?', path: '/gym/membership', passage: 'Basic (gym floor)' },
  { question: 'Is there a student discount?', path: '/gym/membership', passage: 'Student with valid ID' },
  { question: 'Is there a joining fee?', path: '/gym/membership', passage: 'enrolment fee of $39' },
  {
    question: 'Can I pause my membership while I travel?',
    path: '/gym/membership',
    passage: 'freeze your membership',
  },
  { question: 'How do I cancel my membership?', path: '/gym/membership', passage: '30 days written notice' },
  { question: 'When are spin classes?', path: '/gym/classes', passage: 'Spin runs' },
  { question: 'Is there yoga on the weekend?', path: '/gym/classes', passage: 'Sunday at 9 am' },
  { question: 'How much does a personal trainer cost?', path: '/gym/classes', passage: '$70' },
  { question: 'Can I work out at 3 in the morning?', path: '/gym/faq.txt', passage: 'open 24 hours' },
  { question: 'Can I bring a friend?', path: '/gym/faq.txt', passage: 'Guests may train' },
  { question: 'Do you rent lockers?', path: '/gym/faq.txt', passage: 'Lockers are day-use' },
  { question: 'How much do you charge to write a will?', path: '/law/services', passage: '$650' },
  { question: 'What does a living trust cost?', path: '/law/services', passage: '$2,400' },
  { question: 'Is the first meeting free?', path: '/law/services', passage: 'consultation is free' },
  { question: 'How long does probate take?', path: '/law/probate.md', passage: 'nine to twelve months' },
  { question: "What's your hourly rate for probate?", path: '/law/probate.md', passage: '$275' },
  {
    question: 'What paperwork should I bring after my father died?',
    path: '/law/probate.md',
    passage: 'death certificate',
  },
  { question: 'How much are the samosas?', path: '/cafe/menu', passage: 'samosas (2) $7' },
  { question: 'how much is the butter chiken', path: '/cafe/menu', passage: 'Butter chicken $18' },
  { question: 'Does the curry come with rice?', path: '/cafe/menu', passage: 'basmati rice' },
  { question: 'Can I get the lamb less spicy?', path: '/cafe/menu', passage: 'mild, medium or hot' },
  { question: 'Can I book a table for 12 people?', path: '/cafe/reservations', passage: 'larger groups' },
  {
    question: 'Do you have a private room for a party?',
    path: '/cafe/reservations',
    passage: 'back room seats 30',
  },
  { question: 'Can we bring our own wine?', path: '/cafe/reservations', passage: 'corkage' },
  { question: 'Are you open for lunch on Saturday?', path: '/cafe/reservations', passage: 'lunch buffet' },
  { question: 'Are you open on Mondays?', path: '/cafe/reservations', passage: 'Closed Mondays' },
  { question: 'how much is a crossaint', path: '/bakery/menu', passage: 'Croissants are $4' },
  { question: 'Do you put in tankless heaters?', path: '/plumbing/services', passage: 'tankless' },
];
