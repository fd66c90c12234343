/**
 * The built-in agent templates. Each fact of the business is a {{variable}} filled from the template's fields, and
 * facts are written as plain, separate sentences so both a person and the model can read them one at a time. The
 * configs are partial agent configs: fields left out take the schema defaults when read.
 */

import { receptionist } from './receptionist';
import { appointmentBooking } from './appointment-booking';
import { leadQualification } from './lead-qualification';
import { afterHours } from './after-hours';
import { restaurantOrders } from './restaurant-orders';
import { realEstate } from './real-estate';
import type { BuiltInTemplate } from './template-parts';

export type { BuiltInTemplate, BuiltInTemplateField } from './template-parts';

export const builtInAgentTemplates: readonly BuiltInTemplate[] = [
  receptionist,
  appointmentBooking,
  leadQualification,
  afterHours,
  restaurantOrders,
  realEstate,
];
