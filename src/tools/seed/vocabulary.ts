/** Word lists of the seeded data set: realistic, searchable, with accents (search folds them, §1.7). */
export const TITLE_ADJECTIVES = [
  'Sunset', 'Morning', 'Midnight', 'Summer', 'Winter', 'Spring', 'Autumn', 'Grand', 'Little', 'Open', 'Electric', 'Acoustic',
  'Classic', 'Modern', 'Urban', 'Wild', 'Golden', 'Silver', 'Crimson', 'Quiet', 'Festive', 'Global', 'Local', 'Secret',
] as const;
export const TITLE_SUBJECTS = [
  'Jazz', 'Blues', 'Rock', 'Folk', 'Flamenco', 'Salsa', 'Tango', 'Opera', 'Poetry', 'Film', 'Photography', 'Ceramics',
  'Yoga', 'Chess', 'Wine', 'Coffee', 'Café', 'Música', 'Cinéma', 'Robotics', 'Startup', 'Garden', 'Bread', 'Cheese',
  'Astronomy', 'History', 'Design', 'Dance', 'Comedy', 'Theatre',
] as const;
export const TITLE_KINDS = [
  'Night', 'Festival', 'Workshop', 'Concert', 'Meetup', 'Market', 'Fair', 'Tour', 'Session', 'Class', 'Talk', 'Tasting',
  'Screening', 'Exhibition', 'Jam', 'Gala', 'Marathon', 'Retreat', 'Club', 'Showcase',
] as const;
export const SENTENCE_WORDS = [
  'join', 'us', 'for', 'an', 'evening', 'of', 'live', 'music', 'friends', 'food', 'local', 'artists', 'and', 'a', 'warm',
  'welcome', 'all', 'ages', 'tickets', 'at', 'the', 'door', 'bring', 'your', 'family', 'special', 'guests', 'drinks',
  'included', 'señor', 'niño', 'crème', 'brûlée', 'über', 'façade', 'programme', 'learn', 'share', 'dance', 'until', 'late',
] as const;

export const VENUE_PREFIXES = [
  'Blue Note', 'Red Door', 'Old Mill', 'Harbour', 'Riverside', 'Central', 'Plaza', 'Union', 'Lighthouse', 'Greenhouse',
  'Atlas', 'Orchard', 'Corner', 'Palacio', 'Teatro', 'Kōen', 'Station', 'Warehouse', 'Library', 'Market',
] as const;
export const VENUE_KINDS = ['Hall', 'Club', 'Theatre', 'Arena', 'Gallery', 'Park', 'Studio', 'Center', 'Lounge', 'Pavilion'] as const;
export const STREETS = ['Main Street', 'Calle Mayor', 'High Street', 'Rue de la Paix', 'Ocean Avenue', 'King Road', 'Gran Vía', 'Elm Street'] as const;

/** Cities with coordinates and the zone their events use: DST zones both hemispheres, no-DST zones, UTC. */
export const CITIES = [
  { city: 'Madrid', country: 'Spain', province: 'Madrid', state: '', zip: '28013', lat: 40.4168, lng: -3.7038, zone: 'Europe/Madrid' },
  { city: 'Barcelona', country: 'Spain', province: 'Barcelona', state: '', zip: '08002', lat: 41.3874, lng: 2.1686, zone: 'Europe/Madrid' },
  { city: 'New York', country: 'United States', province: '', state: 'NY', zip: '10001', lat: 40.7128, lng: -74.006, zone: 'America/New_York' },
  { city: 'Chicago', country: 'United States', province: '', state: 'IL', zip: '60601', lat: 41.8781, lng: -87.6298, zone: 'America/Chicago' },
  { city: 'Los Angeles', country: 'US', province: '', state: 'CA', zip: '90012', lat: 34.0522, lng: -118.2437, zone: 'America/Los_Angeles' },
  { city: 'London', country: 'United Kingdom', province: 'Greater London', state: '', zip: 'SW1A 1AA', lat: 51.5072, lng: -0.1276, zone: 'Europe/London' },
  { city: 'Tokyo', country: 'Japan', province: 'Tokyo', state: '', zip: '100-0001', lat: 35.6762, lng: 139.6503, zone: 'Asia/Tokyo' },
  { city: 'Sydney', country: 'Australia', province: 'NSW', state: '', zip: '2000', lat: -33.8688, lng: 151.2093, zone: 'Australia/Sydney' },
  { city: 'Buenos Aires', country: 'Argentina', province: 'Buenos Aires', state: '', zip: 'C1002', lat: -34.6037, lng: -58.3816, zone: 'America/Argentina/Buenos_Aires' },
  { city: 'Kolkata', country: 'India', province: 'West Bengal', state: '', zip: '700001', lat: 22.5726, lng: 88.3639, zone: 'Asia/Kolkata' },
  { city: 'Reykjavík', country: 'Iceland', province: '', state: '', zip: '101', lat: 64.1466, lng: -21.9426, zone: 'UTC' },
] as const;

export const FIRST_NAMES = ['Ana', 'Luis', 'María', 'John', 'Aiko', 'Chloé', 'Olivia', 'Mateo', 'Zoë', 'Raj', 'Emma', 'Jürgen'] as const;
export const LAST_NAMES = ['García', 'Smith', 'Tanaka', 'Müller', 'Rossi', 'Dubois', 'Silva', 'Khan', 'Novak', 'Ødegaard'] as const;
export const ORG_KINDS = ['Collective', 'Society', 'Productions', 'Association', 'Foundation', 'Club', 'Events', 'Studio'] as const;

/** Top-level categories first; further categories nest under them. */
export const CATEGORY_NAMES = [
  'Music', 'Arts', 'Food & Drink', 'Sports', 'Technology', 'Family', 'Education', 'Nightlife', 'Outdoors', 'Wellness',
  'Jazz', 'Rock', 'Classical', 'Electrónica', 'Painting', 'Sculpture', 'Photography', 'Street Food', 'Wine Tasting',
  'Running', 'Cycling', 'Football', 'AI', 'Web', 'Kids', 'Workshops', 'Lectures', 'Clubs', 'Hiking', 'Yoga',
] as const;
export const TAG_NAMES = [
  'free', 'outdoor', 'indoor', 'family-friendly', 'accessible', 'vegan', 'late-night', 'weekend', 'beginner', 'advanced',
  'live', 'online', 'español', 'english', 'premiere', 'charity', 'sold-out', 'new', 'classic', 'local',
] as const;

/** Cost inputs as clients send them (§9.7). */
export const COSTS: ReadonlyArray<string | number> = ['Free', 10, '15', '$20', '10 - 25 €', '£8', 'Donation', '5.50'];
