/** How shoppers reach customer support (footer and Help page). */
export const SUPPORT_EMAIL = 'support@shopkart.in';
export const SUPPORT_PHONE = '+91 80 4718 2200';
export const SUPPORT_PHONE_HREF = 'tel:+918047182200';
export const SUPPORT_HOURS = 'Mon–Sat, 9:00–21:00 IST';
