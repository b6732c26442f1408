/** The blog's static content: six article cards and three longer popular posts. */
export interface ArticleCard {
  id: string;
  tag: 'Performance' | 'Lifestyle' | 'Outdoor' | 'Training' | 'Recovery';
  title: string;
  excerpt: string;
  readMinutes: number;
  tone: 'ember' | 'ocean' | 'forest' | 'dusk' | 'sand' | 'steel';
}

export const ARTICLES: readonly ArticleCard[] = [
  {
    id: 'fabric-science',
    tag: 'Performance',
    title: 'Why four-way stretch matters more than you think',
    excerpt: 'How fabric that moves in every direction cuts drag and keeps you focused on the set.',
    readMinutes: 4,
    tone: 'ember',
  },
  {
    id: 'gym-to-street',
    tag: 'Lifestyle',
    title: 'From the gym floor to the city street',
    excerpt: 'Five pieces that look as good at brunch as they feel during a workout.',
    readMinutes: 3,
    tone: 'dusk',
  },
  {
    id: 'early-miles',
    tag: 'Outdoor',
    title: 'Layering for cold-morning runs',
    excerpt: 'A simple three-layer system for Lahore winters and Murree weekends.',
    readMinutes: 5,
    tone: 'forest',
  },
  {
    id: 'heat-training',
    tag: 'Performance',
    title: 'Training through the summer heat',
    excerpt: 'Breathable kit, smart timing and hydration habits for 40-degree days.',
    readMinutes: 6,
    tone: 'sand',
  },
  {
    id: 'strength-basics',
    tag: 'Training',
    title: 'Strength basics for runners',
    excerpt: 'Three lifts, twice a week: the routine that keeps your legs strong all season.',
    readMinutes: 7,
    tone: 'steel',
  },
  {
    id: 'rest-days',
    tag: 'Recovery',
    title: 'Rest days are training days',
    excerpt: 'Sleep, mobility and easy movement: how recovery turns effort into progress.',
    readMinutes: 4,
    tone: 'ocean',
  },
];

export interface PopularPost {
  id: string;
  title: string;
  summary: string;
  body: readonly string[];
}

export const POPULAR_POSTS: readonly PopularPost[] = [
  {
    id: 'choosing-leggings',
    title: 'How to choose training leggings that last',
    summary: 'Waistbands, gussets and seams: what to check before you buy.',
    body: [
      'Start with the waistband. A wide, high band spreads pressure and stays put through squats and sprints; a thin elastic band rolls down by the second set.',
      'Look for a gusset, the diamond-shaped panel at the crotch. It gives freedom of movement and takes strain off the seams, which is where cheap leggings fail first.',
      'Finally, do the squat test in good light. Quality fabric stays opaque when stretched. Flatlock seams lie flat against the skin and will not chafe on long sessions.',
    ],
  },
  {
    id: 'first-5k',
    title: 'Your first 5K: an eight-week plan',
    summary: 'From the sofa to the start line with three short runs a week.',
    body: [
      'Weeks one to three alternate one minute of easy running with two minutes of walking, eight times. Keep the pace conversational.',
      'Weeks four to six stretch the running intervals to three, then five, then eight minutes, with short walking breaks between them.',
      'In weeks seven and eight you run 25 to 30 minutes without stopping. Rest the two days before race day, and start slower than you think you should.',
    ],
  },
  {
    id: 'care-guide',
    title: 'Caring for performance fabrics',
    summary: 'Wash cold, skip the softener, and your kit keeps performing.',
    body: [
      'Turn garments inside out and wash them cold. Heat breaks down elastane, the fibre that gives stretch and recovery.',
      'Skip fabric softener: it coats the fibres and blocks the wicking that moves sweat away from your skin.',
      'Dry flat or hang in the shade. Tumble drying and strong sun fade colours and weaken the fabric long before its time.',
    ],
  },
];

export const STRIP_WORDS = ['Train', 'Run', 'Lift', 'Stretch', 'Recover', 'Repeat'] as const;
