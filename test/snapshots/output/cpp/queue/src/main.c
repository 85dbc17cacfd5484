#include <stdio.h>

#include "queue.h"

static int print_one(int value, void *arg) {
//         ^^^^^^^^^ definition function c:queue/src/main:print_one
  (void)arg;
  printf("%d\n", value);
  return 0;
}

static int sum_all(queue_t *q) {
//         ^^^^^^^ definition function c:queue/src/main:sum_all
  int total = 0, v;
  while (queue_pop(q, &v) == 0) total += v;
//       ^^^^^^^^^ calls c:queue/src/queue:queue_pop
  return total;
}

int main(void) {
//  ^^^^ definition function c:queue/src/main:main
  queue_t *q = queue_new();
//             ^^^^^^^^^ calls c:queue/src/queue:queue_new
  for (int i = 0; i < 3; i++) queue_push(q, i);
//                            ^^^^^^^^^^ calls c:queue/src/queue:queue_push
  queue_each(q, print_one, NULL);
//^^^^^^^^^^ calls c:queue/src/queue:queue_each
  printf("%d\n", sum_all(q));
//               ^^^^^^^ calls c:queue/src/main:sum_all
  queue_free(q);
//^^^^^^^^^^ calls c:queue/src/queue:queue_free
  return 0;
}
