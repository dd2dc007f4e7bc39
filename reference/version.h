/* version.h: the version of ulpcert, which every result file and the reference cache
 * record (a file written by another version is refused or rebuilt). */
#ifndef ULPCERT_VERSION_H
#define ULPCERT_VERSION_H

#define ULPCERT_VERSION "0.3.0"

#endif
