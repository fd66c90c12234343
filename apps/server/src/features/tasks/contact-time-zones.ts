import { isValidTimeZone } from '@switchboard/core';

/**
 * Where a phone number rings, as an IANA time zone: North American numbers by area code (the zone most of the
 * area code's people live in; a handful of area codes straddle two zones), other numbers by country calling code
 * (the country's capital or most populous zone). Null when the number says nothing usable.
 */
const nanpZones: Record<string, string> = {};

function assign(zone: string, codes: string): void {
  for (const code of codes.split(/\s+/)) if (code !== '') nanpZones[code] = zone;
}

assign(
  'America/New_York',
  `201 202 203 207 212 215 216 223 227 229 231 234 239 240 248 252 267 269 272 274 276 278 283 301 302 304 305 313
   315 317 321 326 329 330 332 336 339 340 347 351 352 363 364 380 386 401 404 407 410 412 413 419 423 434 440 443
   445 448 463 470 475 478 484 502 508 513 516 517 518 540 551 561 567 570 571 574 585 586 603 606 607 609 610 614
   616 617 631 640 646 656 667 678 680 681 689 703 704 706 716 717 718 724 727 732 734 740 743 754 757 762 765 770
   772 774 781 786 802 803 804 810 812 813 814 828 835 838 839 843 845 848 854 856 857 859 860 862 863 864 878 904
   908 910 912 914 917 919 929 930 931 934 937 941 947 959 978 980 984 989`,
);
assign(
  'America/Chicago',
  `205 210 214 217 218 219 220 224 225 228 251 254 256 260 262 270 281 309 312 314 316 318 319 320 325 331 334 337
   346 361 364 402 405 409 414 417 430 432 447 456 464 469 479 501 504 507 512 515 531 534 539 563 573 580 601 605
   608 612 618 620 630 636 641 651 660 662 682 701 708 712 713 715 726 731 737 763 769 773 779 785 806 815 816 817
   830 832 847 850 870 872 901 903 913 918 920 936 940 945 952 956 972 979 985`,
);
assign('America/Denver', '303 307 385 406 435 505 575 719 720 801 915 970 983 986 208');
assign('America/Phoenix', '480 520 602 623 928');
assign(
  'America/Los_Angeles',
  `206 209 213 253 279 310 323 341 350 360 369 408 415 424 425 442 458 503 509 510 530 541 559 562 564 619 626 628
   650 657 661 669 702 707 714 725 747 760 775 805 818 820 831 840 858 909 916 925 949 951 971`,
);
assign('America/Anchorage', '907');
assign('Pacific/Honolulu', '808');
assign('America/Puerto_Rico', '787 939');
assign('America/Toronto', '226 249 289 343 365 382 416 437 519 548 613 647 683 705 742 753 807 905');
assign('America/Montreal', '263 354 367 418 438 450 468 514 579 581 819 873');
assign('America/Winnipeg', '204 431 584');
assign('America/Regina', '306 474 639');
assign('America/Edmonton', '368 403 587 780 825');
assign('America/Vancouver', '236 250 257 604 672 778');
assign('America/Halifax', '782 902 506 428');
assign('America/St_Johns', '709 879');

const countryZones: [prefix: string, zone: string][] = [
  ['44', 'Europe/London'],
  ['353', 'Europe/Dublin'],
  ['33', 'Europe/Paris'],
  ['49', 'Europe/Berlin'],
  ['34', 'Europe/Madrid'],
  ['39', 'Europe/Rome'],
  ['31', 'Europe/Amsterdam'],
  ['32', 'Europe/Brussels'],
  ['41', 'Europe/Zurich'],
  ['43', 'Europe/Vienna'],
  ['45', 'Europe/Copenhagen'],
  ['46', 'Europe/Stockholm'],
  ['47', 'Europe/Oslo'],
  ['48', 'Europe/Warsaw'],
  ['351', 'Europe/Lisbon'],
  ['358', 'Europe/Helsinki'],
  ['30', 'Europe/Athens'],
  ['90', 'Europe/Istanbul'],
  ['972', 'Asia/Jerusalem'],
  ['971', 'Asia/Dubai'],
  ['91', 'Asia/Kolkata'],
  ['65', 'Asia/Singapore'],
  ['81', 'Asia/Tokyo'],
  ['82', 'Asia/Seoul'],
  ['86', 'Asia/Shanghai'],
  ['852', 'Asia/Hong_Kong'],
  ['61', 'Australia/Sydney'],
  ['64', 'Pacific/Auckland'],
  ['27', 'Africa/Johannesburg'],
  ['234', 'Africa/Lagos'],
  ['254', 'Africa/Nairobi'],
  ['52', 'America/Mexico_City'],
  ['55', 'America/Sao_Paulo'],
  ['54', 'America/Argentina/Buenos_Aires'],
  ['56', 'America/Santiago'],
  ['57', 'America/Bogota'],
  ['51', 'America/Lima'],
];
// Longest prefix first, so +353 is Ireland rather than a +35x neighbour.
countryZones.sort((a, b) => b[0].length - a[0].length);

/** The time zone a number (E.164) most likely rings in. */
export function timeZoneOfNumber(e164: string): string | null {
  const digits = e164.replace(/^\+/, '');
  if (digits.startsWith('1')) return nanpZones[digits.slice(1, 4)] ?? null;
  return countryZones.find(([prefix]) => digits.startsWith(prefix))?.[1] ?? null;
}

/**
 * The contact's own time zone: the one they are known to be in (the contact's record or the task's `timezone`
 * variable) when it is a real IANA zone, else the one their number suggests.
 */
export function contactTimeZone(
  target: string,
  known: readonly (string | null | undefined)[],
): string | null {
  for (const zone of known) if (zone && isValidTimeZone(zone)) return zone;
  return timeZoneOfNumber(target);
}
