#ifndef QUEUE_H
#define QUEUE_H

#include <stddef.h>

/* A node of the queue. */
struct node {
//     ^^^^ definition class cpp:queue/include/queue.h:node
  int value;
  struct node *next;
};

typedef struct {
  struct node *head;
  struct node *tail;
  size_t length;
} queue_t;
//^^^^^^^ definition class cpp:queue/include/queue.h:queue_t

typedef int (*visit_fn)(int value, void *arg);
//            ^^^^^^^^ definition type cpp:queue/include/queue.h:visit_fn

queue_t *queue_new(void);
//       ^^^^^^^^^ definition function cpp:queue/include/queue.h:queue_new
void queue_free(queue_t *q);
//   ^^^^^^^^^^ definition function cpp:queue/include/queue.h:queue_free
int queue_push(queue_t *q, int value);
//  ^^^^^^^^^^ definition function cpp:queue/include/queue.h:queue_push
int queue_pop(queue_t *q, int *out);
//  ^^^^^^^^^ definition function cpp:queue/include/queue.h:queue_pop
size_t queue_each(const queue_t *q, visit_fn visit, void *arg);
//     ^^^^^^^^^^ definition function cpp:queue/include/queue.h:queue_each

#define QUEUE_EMPTY(q) ((q)->length == 0)

#endif
