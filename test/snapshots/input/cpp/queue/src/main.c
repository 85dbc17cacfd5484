#include <stdio.h>

#include "queue.h"

static int print_one(int value, void *arg) {
  (void)arg;
  printf("%d\n", value);
  return 0;
}

static int sum_all(queue_t *q) {
  int total = 0, v;
  while (queue_pop(q, &v) == 0) total += v;
  return total;
}

int main(void) {
  queue_t *q = queue_new();
  for (int i = 0; i < 3; i++) queue_push(q, i);
  queue_each(q, print_one, NULL);
  printf("%d\n", sum_all(q));
  queue_free(q);
  return 0;
}
