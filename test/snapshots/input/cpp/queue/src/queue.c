#include "queue.h"

#include <stdlib.h>

static struct node *node_new(int value) {
  struct node *n = malloc(sizeof *n);
  if (n) {
    n->value = value;
    n->next = NULL;
  }
  return n;
}

queue_t *queue_new(void) { return calloc(1, sizeof(queue_t)); }

void queue_free(queue_t *q) {
  int ignored;
  while (!QUEUE_EMPTY(q)) queue_pop(q, &ignored);
  free(q);
}

int queue_push(queue_t *q, int value) {
  struct node *n = node_new(value);
  if (!n) return -1;
  if (q->tail) q->tail->next = n;
  else q->head = n;
  q->tail = n;
  q->length++;
  return 0;
}

int queue_pop(queue_t *q, int *out) {
  struct node *n = q->head;
  if (!n) return -1;
  *out = n->value;
  q->head = n->next;
  if (!q->head) q->tail = NULL;
  q->length--;
  free(n);
  return 0;
}

size_t queue_each(const queue_t *q, visit_fn visit, void *arg) {
  size_t seen = 0;
  for (struct node *n = q->head; n; n = n->next, seen++) {
    if (visit(n->value, arg)) break;
  }
  return seen;
}
