/* The applications' buffers beyond in and out (harness.h's SCAN_IN and SCAN_OUT): their indices
 * in the roles table (roles.c), named once for the applications layer. */
#ifndef ROLES_H
#define ROLES_H

enum app_role { ROLE_FLAGS = 2, ROLE_HEADS, ROLE_KEYS, ROLE_COUNT, ROLE_VALUES, ROLE_VALUES_OUT };

#endif /* ROLES_H */
