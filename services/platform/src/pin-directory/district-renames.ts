import type { IndianState } from '@shop/proto-contracts';

/**
 * Districts a shopper names as the state calls them today while the shop's copy of India Post's
 * directory (decision 0066) still has the older name, or one district where the state now has two
 * (India Post's Mumbai is Mumbai City and Mumbai Suburban). Each name is an official renaming or
 * split of the district the directory has (decision 0100); a test checks that every one lands on
 * a district the directory knows in that state.
 */
export const DISTRICT_RENAMES: ReadonlyArray<{ name: string; directoryName: string; state: IndianState }> = [
  { name: 'Bengaluru', directoryName: 'Bangalore', state: 'Karnataka' },
  { name: 'Bengaluru Urban', directoryName: 'Bangalore', state: 'Karnataka' },
  { name: 'Bangalore Urban', directoryName: 'Bangalore', state: 'Karnataka' },
  { name: 'Bengaluru Rural', directoryName: 'Bangalore Rural', state: 'Karnataka' },
  { name: 'Mysuru', directoryName: 'Mysore', state: 'Karnataka' },
  { name: 'Tumakuru', directoryName: 'Tumkur', state: 'Karnataka' },
  { name: 'Shivamogga', directoryName: 'Shimoga', state: 'Karnataka' },
  { name: 'Ballari', directoryName: 'Bellary', state: 'Karnataka' },
  { name: 'Kalaburagi', directoryName: 'Gulbarga', state: 'Karnataka' },
  { name: 'Vijayapura', directoryName: 'Bijapur', state: 'Karnataka' },
  { name: 'Belagavi', directoryName: 'Belgaum', state: 'Karnataka' },
  { name: 'Gurugram', directoryName: 'Gurgaon', state: 'Haryana' },
  { name: 'Prayagraj', directoryName: 'Allahabad', state: 'Uttar Pradesh' },
  { name: 'Ayodhya', directoryName: 'Faizabad', state: 'Uttar Pradesh' },
  { name: 'Mumbai City', directoryName: 'Mumbai', state: 'Maharashtra' },
  { name: 'Mumbai Suburban', directoryName: 'Mumbai', state: 'Maharashtra' },
  { name: 'Raigad', directoryName: 'Raigarh', state: 'Maharashtra' },
  { name: 'Chhatrapati Sambhajinagar', directoryName: 'Aurangabad', state: 'Maharashtra' },
  { name: 'Dharashiv', directoryName: 'Osmanabad', state: 'Maharashtra' },
  { name: 'Ahilyanagar', directoryName: 'Ahmed Nagar', state: 'Maharashtra' },
  { name: 'Narmadapuram', directoryName: 'Hoshangabad', state: 'Madhya Pradesh' },
  { name: 'Puducherry', directoryName: 'Pondicherry', state: 'Puducherry' },
  { name: 'Anantapur', directoryName: 'Ananthapur', state: 'Andhra Pradesh' },
  { name: 'Anantapuramu', directoryName: 'Ananthapur', state: 'Andhra Pradesh' },
  { name: 'Kadapa', directoryName: 'Cuddapah', state: 'Andhra Pradesh' },
  { name: 'YSR Kadapa', directoryName: 'Cuddapah', state: 'Andhra Pradesh' },
  { name: 'Sri Potti Sriramulu Nellore', directoryName: 'Nellore', state: 'Andhra Pradesh' },
  { name: 'Thoothukudi', directoryName: 'Tuticorin', state: 'Tamil Nadu' },
  { name: 'Kancheepuram', directoryName: 'Kanchipuram', state: 'Tamil Nadu' },
  { name: 'Purba Medinipur', directoryName: 'East Midnapore', state: 'West Bengal' },
  { name: 'Paschim Medinipur', directoryName: 'West Midnapore', state: 'West Bengal' },
  { name: 'Purba Bardhaman', directoryName: 'Bardhaman', state: 'West Bengal' },
  { name: 'Paschim Bardhaman', directoryName: 'Bardhaman', state: 'West Bengal' },
  { name: 'Ferozepur', directoryName: 'Firozpur', state: 'Punjab' },
  { name: 'Sri Muktsar Sahib', directoryName: 'Muktsar', state: 'Punjab' },
  { name: 'Shaheed Bhagat Singh Nagar', directoryName: 'Nawanshahr', state: 'Punjab' },
  { name: 'Kamrup Metropolitan', directoryName: 'Kamrup', state: 'Assam' },
];
